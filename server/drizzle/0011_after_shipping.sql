-- After the box leaves the shelf: the delivery appointment staff record when the order ships.
ALTER TABLE "orders" ADD COLUMN "delivery_appointment_date" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_appointment_window" text;
