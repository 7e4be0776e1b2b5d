import { Suspense } from "react";
import { ProductCard, type ProductCardProps } from "./product-card.tsx";

/**
 * Cards hydrate in groups of this many, each group a Suspense boundary of its own: React hydrates
 * each boundary in a pass of its own, so a list of 100 cards is no longer one long task that
 * blocks a tap. Six to a group took 50-90 ms each on Lighthouse's slowed phone, over the 50 ms
 * that counts as blocking; three take about half.
 */
const cardsPerHydration = 3;

/** The list's cards, four to a row on a wide screen, one compact row each on a phone. */
export function ProductGrid({ cards }: { cards: ProductCardProps[] }) {
  const groups: ProductCardProps[][] = [];
  for (let i = 0; i < cards.length; i += cardsPerHydration)
    groups.push(cards.slice(i, i + cardsPerHydration));
  return (
    <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2 sm:gap-5 lg:grid-cols-3 xl:grid-cols-4">
      {groups.map((group) => (
        <Suspense key={group[0]?.product.id}>
          {group.map((card) => (
            // The eager cards are the first screen's; on a phone the rest render when scrolled near.
            <li key={card.product.id} className={card.eager ? "flex" : "card-deferred flex"}>
              <ProductCard {...card} />
            </li>
          ))}
        </Suspense>
      ))}
    </ul>
  );
}
