/** The two cards the built-in test payment page knows, as shown on the page. */
export const testCards = { pays: "4242 4242 4242 4242", declines: "4000 0000 0000 0002" } as const;
