-- Room on every page for a row's next version: updating columns that no index holds (an instance's
-- status, data and times at every step; an opinion's outcome when its task is handled) then keeps the
-- new version on its page (a HOT update) and adds no index entries. Pages written from now on keep it.
ALTER TABLE "bpm_instance" SET (fillfactor = 85);--> statement-breakpoint
ALTER TABLE "bpm_opinion" SET (fillfactor = 85);
