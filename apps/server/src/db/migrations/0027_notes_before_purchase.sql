-- A paid listing's structure preview shows its sticky notes' text only when its author ticks this.
ALTER TABLE "workflows" ADD COLUMN "show_notes_before_purchase" boolean DEFAULT false NOT NULL;
