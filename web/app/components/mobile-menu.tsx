import { useEffect, useState } from "react";
import { useLocation } from "react-router";
import { CloseIcon, MenuIcon } from "./icons.tsx";

/**
 * Whether a header's phone menu is open; it closes by itself when the shopper goes to a page,
 * the one they are on included (each navigation is a new location key).
 */
export function useMobileMenu() {
  const { key } = useLocation();
  const [open, setOpen] = useState(false);
  useEffect(() => setOpen(false), [key]);
  return { open, toggle: () => setOpen((was) => !was) };
}

/** The button that opens and closes a header's phone menu (`menuId` is the menu's id). */
export function MobileMenuButton({
  open,
  onToggle,
  menuId,
  className,
}: {
  open: boolean;
  onToggle: () => void;
  menuId: string;
  className: string;
}) {
  return (
    <button
      type="button"
      className={className}
      aria-expanded={open}
      aria-controls={menuId}
      aria-label={open ? "Close menu" : "Open menu"}
      onClick={onToggle}
    >
      {open ? <CloseIcon /> : <MenuIcon />}
    </button>
  );
}
