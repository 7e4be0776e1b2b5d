// What a customer checks before signing for a delivery, shown on /track and in the shipped email.

export const inspectionHeading = "Inspect before you sign";

/**
 * The steps, in order. A carrier pays a damage or shortage claim only when the damage was written
 * on the delivery receipt before the driver left; a clean signature says everything arrived fine.
 */
export function inspectionChecklist(totalBoxes: number): string[] {
  const boxes = `${totalBoxes} ${totalBoxes === 1 ? "box" : "boxes"}`;
  return [
    `Count the boxes before you sign: this order has ${boxes}. Compare it with the count on the delivery receipt.`,
    "Look over every box and the pallet wrap for crushed corners, holes, punctures or wet spots while the driver is still there.",
    'Write any damage or shortage on the delivery receipt before you sign, for example "2 boxes crushed" or "1 box short". Signing a clean receipt tells the carrier everything arrived fine.',
    "Take photos of any damage, keep the damaged boxes and their packaging, and send us a damage or shortage claim from your tracking page within 48 hours.",
  ];
}
