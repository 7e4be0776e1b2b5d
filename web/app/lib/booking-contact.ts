/**
 * The inquiry form's contact fields, kept in this tab's sessionStorage when the form is sent, so
 * the "thank you" page can offer the measure-visit booking without asking again. Nothing of it
 * goes in an address or a cookie; closing the tab forgets it.
 */
const key = "measureBookingContact";

export interface BookingContactFields {
  name: string;
  email: string;
  phone: string;
  address: string;
  flooring_type: string[];
}

export function rememberBookingContact(form: HTMLFormElement): void {
  const data = new FormData(form);
  const text = (name: string) => String(data.get(name) ?? "");
  const fields: BookingContactFields = {
    name: text("name"),
    email: text("email"),
    phone: text("phone"),
    address: text("address"),
    flooring_type: data.getAll("flooring_type").map(String),
  };
  try {
    sessionStorage.setItem(key, JSON.stringify(fields));
  } catch {
    // Storage off (private mode): the thank-you page simply offers no booking.
  }
}

export function recallBookingContact(): BookingContactFields | null {
  try {
    const saved = sessionStorage.getItem(key);
    return saved ? (JSON.parse(saved) as BookingContactFields) : null;
  } catch {
    return null;
  }
}
