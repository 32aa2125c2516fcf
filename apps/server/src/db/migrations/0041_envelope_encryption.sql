-- Envelope encryption of sealed values (decision 0176) needs no new column: each value carries its
-- own wrapped data key inside the text column it was already kept in (`v2.<key id>.<wrapped data
-- key>.<sealed text>`), and values in the earlier format stay readable until the server or
-- `npm run keys:rotate` seals them again. SQL cannot encrypt, so no sealed value is rewritten here.
--
-- Google sign-in tokens were stored in clear. From now on Better Auth stores the access and refresh
-- tokens encrypted and the ID token not at all; Flowbay never reads them after sign-in, so the clear
-- ones are dropped (the next Google sign-in stores fresh tokens, encrypted).
UPDATE "account" SET "access_token" = NULL, "refresh_token" = NULL, "id_token" = NULL
  WHERE "provider_id" <> 'credential'
    AND ("access_token" IS NOT NULL OR "refresh_token" IS NOT NULL OR "id_token" IS NOT NULL);
