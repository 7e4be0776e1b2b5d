// The load scenarios `npm run bench` runs, in order. Each: a name, a path, and optionally
// method/body/headers, or `setup(baseUrl)` returning any of those (e.g. to find a product id).
export const scenarios = [
  { name: "GET /api/health (ceiling)", path: "/api/health" },
  { name: "SSR /", path: "/" },
  { name: "GET /api/products (default page)", path: "/api/products" },
  { name: "GET /api/products?per_page=-1 (all)", path: "/api/products?per_page=-1" },
  { name: "SSR /products", path: "/products" },
  {
    name: "SSR /products/{id}",
    async setup(baseUrl) {
      // The previous scenario may leave the server shedding load (503) for a moment.
      for (let attempt = 0; attempt < 20; attempt++) {
        const res = await fetch(`${baseUrl}/api/products?per_page=25`);
        if (res.ok) return { path: `/products/${(await res.json())[0].id}` };
        await new Promise((r) => setTimeout(r, 500));
      }
      throw new Error("GET /api/products kept failing");
    },
  },
];
