import { ProductCard, type ProductCardProps } from "./product-card.tsx";

/** The list's cards, four to a row on a wide screen, one compact row each on a phone. */
export function ProductGrid({ cards }: { cards: ProductCardProps[] }) {
  return (
    <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2 sm:gap-5 lg:grid-cols-3 xl:grid-cols-4">
      {cards.map((card) => (
        // The eager cards are the first screen's; the rest render when scrolled near.
        <li key={card.product.id} className={card.eager ? "flex" : "card-deferred flex"}>
          <ProductCard {...card} />
        </li>
      ))}
    </ul>
  );
}
