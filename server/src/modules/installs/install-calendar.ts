const icsStamp = (date: Date) =>
  date
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}/, "");
const icsText = (value: string) => value.replace(/[\\;,]/g, (c) => `\\${c}`).replace(/\n/g, "\\n");

/** One calendar entry as an iCalendar file; the same UID again replaces the earlier entry. */
function eventIcs(
  event: { uid: string; summary: string; starts_at: Date | string; ends_at: Date | string },
  address: string,
): string {
  return [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//Magic City Floors//Installations//EN",
    "METHOD:PUBLISH",
    "BEGIN:VEVENT",
    `UID:${event.uid}@magiccityfloors`,
    `DTSTAMP:${icsStamp(new Date())}`,
    `DTSTART:${icsStamp(new Date(event.starts_at))}`,
    `DTEND:${icsStamp(new Date(event.ends_at))}`,
    `SUMMARY:${icsText(event.summary)}`,
    `LOCATION:${icsText(address)}`,
    "END:VEVENT",
    "END:VCALENDAR",
    "",
  ].join("\r\n");
}

/**
 * A booked measure visit as an iCalendar file, attached to its confirmation email. Its UID is the
 * job's, so a moved visit replaces the earlier entry.
 */
export function measureIcs(
  job: { id: number },
  visit: { starts_at: Date | string; ends_at: Date | string },
  address: string,
): string {
  return eventIcs(
    { uid: `measure-${job.id}`, summary: "Free measure visit — Magic City Floors", ...visit },
    address,
  );
}

/**
 * A booked install as an iCalendar file: the same entry the install-date email attaches and the
 * customer's page offers for download. Its UID is the appointment's, so a moved install replaces
 * the earlier entry in the customer's calendar.
 */
export function installIcs(
  install: { id: number; starts_at: Date | string; ends_at: Date | string },
  address: string,
): string {
  return eventIcs(
    {
      uid: `install-${install.id}`,
      summary: "Floor installation — Magic City Floors",
      starts_at: install.starts_at,
      ends_at: install.ends_at,
    },
    address,
  );
}
