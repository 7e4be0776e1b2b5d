import type { ReactNode } from "react";

/** Small inline icons (no icon font, no extra requests). */
type IconProps = { className?: string };

/**
 * An icon of one fixed shape in the frame every icon shares: a 24-unit outline drawn in the text
 * color, hidden from screen readers (the control or text beside it carries the name). A caller
 * may change its size through `className`.
 */
function outlineIcon(defaultClassName: string, strokeWidth: string, shape: ReactNode) {
  return function Icon({ className = defaultClassName }: IconProps) {
    return (
      <svg
        className={className}
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth={strokeWidth}
        aria-hidden="true"
      >
        {shape}
      </svg>
    );
  };
}

export const CartIcon = outlineIcon(
  "h-6 w-6",
  "1.8",
  <>
    <path
      d="M3 4h2l2.4 11.2a2 2 0 0 0 2 1.6h7.7a2 2 0 0 0 2-1.5L21 8H6.2"
      strokeLinecap="round"
      strokeLinejoin="round"
    />
    <circle cx="10" cy="20" r="1.4" />
    <circle cx="17" cy="20" r="1.4" />
  </>,
);

export const MenuIcon = outlineIcon(
  "h-6 w-6",
  "2",
  <path d="M4 6h16M4 12h16M4 18h16" strokeLinecap="round" />,
);

export const CloseIcon = outlineIcon(
  "h-6 w-6",
  "2",
  <path d="M6 6l12 12M18 6L6 18" strokeLinecap="round" />,
);

export const PhoneIcon = outlineIcon(
  "h-5 w-5",
  "1.8",
  <path
    d="M5 4h3l2 5-2.5 1.5a11 11 0 0 0 6 6L15 14l5 2v3a2 2 0 0 1-2 2A16 16 0 0 1 3 6a2 2 0 0 1 2-2z"
    strokeLinejoin="round"
  />,
);

export const CheckIcon = outlineIcon(
  "h-5 w-5",
  "2.2",
  <path d="M5 12.5l4.5 4.5L19 7" strokeLinecap="round" strokeLinejoin="round" />,
);

export const SearchIcon = outlineIcon(
  "h-5 w-5",
  "1.8",
  <>
    <circle cx="11" cy="11" r="6.5" />
    <path d="m16 16 4.5 4.5" strokeLinecap="round" />
  </>,
);

export const AccountIcon = outlineIcon(
  "h-6 w-6",
  "1.8",
  <>
    <circle cx="12" cy="8" r="4" />
    <path d="M4 21a8 8 0 0 1 16 0" strokeLinecap="round" />
  </>,
);
