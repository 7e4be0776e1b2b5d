import { type KeyboardEvent, type ReactNode, useEffect, useRef } from "react";

const focusableSelector =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * A modal dialog of the back office on the native <dialog> (the rest of the page is inert while
 * it is open): Escape asks to close, Tab and Shift+Tab stay inside, the element marked
 * `data-autofocus` (else the first control) takes focus, and focus returns to the opener on close.
 * It opens when mounted and closes when unmounted; `onClose` decides.
 */
export function AdminDialog({
  label,
  onClose,
  className,
  children,
}: {
  label: string;
  onClose: () => void;
  className: string;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open) dialog.showModal();
    const first =
      dialog.querySelector<HTMLElement>("[data-autofocus]") ??
      dialog.querySelector<HTMLElement>(focusableSelector);
    first?.focus();
    return () => {
      if (dialog.open) dialog.close();
      if (opener?.isConnected) opener.focus();
    };
  }, []);

  const keepFocusInside = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key !== "Tab" || !ref.current) return;
    const focusable = [...ref.current.querySelectorAll<HTMLElement>(focusableSelector)].filter(
      (element) => element.offsetParent !== null,
    );
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (!first || !last) return;
    const active = document.activeElement;
    if (event.shiftKey && (active === first || !ref.current.contains(active))) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && (active === last || !ref.current.contains(active))) {
      event.preventDefault();
      first.focus();
    }
  };

  return (
    <dialog
      ref={ref}
      aria-label={label}
      onCancel={(event) => {
        // A file input inside fires a bubbling "cancel" when its file picker is dismissed: that
        // is not a request to close the dialog (it closed the CSV import and lost its report).
        if (event.target !== event.currentTarget) return;
        // Escape: the owner closes it (and may keep it open), not the browser.
        event.preventDefault();
        onClose();
      }}
      // Chrome closes on a second quick Escape without a cancelable event: follow it.
      onClose={onClose}
      onKeyDown={keepFocusInside}
      className={`p-0 backdrop:bg-navy-900/40 ${className}`}
    >
      {children}
    </dialog>
  );
}
