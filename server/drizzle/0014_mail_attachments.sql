ALTER TABLE "mail_outbox" ADD COLUMN "attachments" jsonb;
