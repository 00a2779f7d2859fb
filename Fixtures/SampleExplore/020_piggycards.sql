-- Sample explore database (schema v4): PiggyCards.
-- 1. PiggyCards provider rows for merchants also sold by CTX (merchantId = the CTX UUID).
-- 2. Merchants sold only by PiggyCards (merchantId = sourceId = the PiggyCards brand id).
-- savingsPercentage = discount_percentage * 100 - 150 (the PiggyCards service fee), in basis points.
-- Written for DashSpend; see README.md in this folder. Columns are named, never positional.

-- 1. Second provider of CTX merchants
INSERT INTO gift_card_providers (merchantId, provider, sourceId, redeemType, savingsPercentage, active, denominationsType) VALUES
    ('a1b2c3d4-0001-4000-8000-000000000001', 'PiggyCards', 177, 'barcode', 350, 1, 'fixed'),  -- Home Depot
    ('a1b2c3d4-0002-4000-8000-000000000002', 'PiggyCards', 205, 'barcode', 200, 1, 'fixed'),  -- Nike
    ('a1b2c3d4-0006-4000-8000-000000000006', 'PiggyCards', 401, 'barcode', -150, 1, 'fixed'),  -- Amazon
    ('51a57c3d-dae7-4250-88f0-3b17d2665b99', 'PiggyCards', 214, 'barcode', 250, 1, 'fixed'),  -- Target
    ('f09ed10c-f190-4456-bb4e-a77d05c932bb', 'PiggyCards', 233, 'barcode', 450, 1, 'fixed'),  -- Sephora
    ('2f317bbf-477f-4d71-ba8f-0375e26ee19b', 'PiggyCards', 246, 'pin', 350, 1, 'fixed'),  -- GameStop
    ('9e20acd0-5217-4f11-b960-74a79500fbab', 'PiggyCards', 258, 'barcode', 1100, 1, 'fixed'),  -- AMC Theatres
    ('25366dac-d685-40a6-97a5-8aaa5ff64bdd', 'PiggyCards', 263, 'barcode', 550, 1, 'fixed'),  -- Macy's
    ('775ca20b-78fe-46c2-ab08-72f1cc2b9f8f', 'PiggyCards', 271, 'barcode', 300, 1, 'fixed'),  -- adidas
    ('9aa1dc97-06cc-4f36-a4ce-6d9917a75979', 'PiggyCards', 284, 'barcode', 200, 1, 'fixed');  -- Lowe's

-- 2. PiggyCards-only merchants

-- ANCHOR 3: Razer Gold, PiggyCards only (brand 312); hidden in builds without PiggyCards
INSERT INTO merchant (paymentMethod, merchantId, active, name, address1, city, territory, latitude, longitude, website, phone, source, sourceId, type, redeemType, savingsPercentage, denominationsType, addDate, updateDate) VALUES
    ('gift card', '312', 1, 'Razer Gold', NULL, NULL, '', NULL, NULL, 'https://gold.razer.com', NULL, 'PiggyCards', '312', 'online', 'barcode', 250, 'fixed', '2025-01-20 16:45:00', '2025-07-01 12:10:00');
INSERT INTO gift_card_providers (merchantId, provider, sourceId, redeemType, savingsPercentage, active, denominationsType) VALUES
    ('312', 'PiggyCards', 312, 'barcode', 250, 1, 'fixed');

-- Steam
INSERT INTO merchant (paymentMethod, merchantId, active, name, address1, city, territory, latitude, longitude, website, phone, source, sourceId, type, redeemType, savingsPercentage, denominationsType, addDate, updateDate) VALUES
    ('gift card', '318', 1, 'Steam', NULL, NULL, '', NULL, NULL, 'https://store.steampowered.com', NULL, 'PiggyCards', '318', 'online', 'barcode', 150, 'fixed', '2025-03-01 10:00:00', '2025-06-15 08:30:00');
INSERT INTO gift_card_providers (merchantId, provider, sourceId, redeemType, savingsPercentage, active, denominationsType) VALUES
    ('318', 'PiggyCards', 318, 'barcode', 150, 1, 'fixed');

-- Google Play
INSERT INTO merchant (paymentMethod, merchantId, active, name, address1, city, territory, latitude, longitude, website, phone, source, sourceId, type, redeemType, savingsPercentage, denominationsType, addDate, updateDate) VALUES
    ('gift card', '327', 1, 'Google Play', NULL, NULL, '', NULL, NULL, 'https://play.google.com', NULL, 'PiggyCards', '327', 'online', 'pin', 50, 'fixed', '2025-03-01 10:00:00', '2025-06-15 08:30:00');
INSERT INTO gift_card_providers (merchantId, provider, sourceId, redeemType, savingsPercentage, active, denominationsType) VALUES
    ('327', 'PiggyCards', 327, 'pin', 50, 1, 'fixed');

-- Xbox
INSERT INTO merchant (paymentMethod, merchantId, active, name, address1, city, territory, latitude, longitude, website, phone, source, sourceId, type, redeemType, savingsPercentage, denominationsType, addDate, updateDate) VALUES
    ('gift card', '341', 1, 'Xbox', NULL, NULL, '', NULL, NULL, 'https://www.xbox.com', NULL, 'PiggyCards', '341', 'online', 'pin', 350, 'fixed', '2025-03-01 10:00:00', '2025-06-15 08:30:00');
INSERT INTO gift_card_providers (merchantId, provider, sourceId, redeemType, savingsPercentage, active, denominationsType) VALUES
    ('341', 'PiggyCards', 341, 'pin', 350, 1, 'fixed');

-- Roblox: PiggyCards only, provider row inactive
INSERT INTO merchant (paymentMethod, merchantId, active, name, address1, city, territory, latitude, longitude, website, phone, source, sourceId, type, redeemType, savingsPercentage, denominationsType, addDate, updateDate) VALUES
    ('gift card', '356', 1, 'Roblox', NULL, NULL, '', NULL, NULL, 'https://www.roblox.com', NULL, 'PiggyCards', '356', 'online', 'pin', 200, 'fixed', '2025-01-20 16:45:00', '2025-07-01 12:10:00');
INSERT INTO gift_card_providers (merchantId, provider, sourceId, redeemType, savingsPercentage, active, denominationsType) VALUES
    ('356', 'PiggyCards', 356, 'pin', 200, 0, 'fixed');

-- Spotify
INSERT INTO merchant (paymentMethod, merchantId, active, name, address1, city, territory, latitude, longitude, website, phone, source, sourceId, type, redeemType, savingsPercentage, denominationsType, addDate, updateDate) VALUES
    ('gift card', '362', 1, 'Spotify', NULL, NULL, NULL, NULL, NULL, 'https://www.spotify.com', NULL, 'PiggyCards', '362', 'online', 'pin', 450, 'fixed', '2024-08-05 09:30:00', '2025-04-18 17:25:00');
INSERT INTO gift_card_providers (merchantId, provider, sourceId, redeemType, savingsPercentage, active, denominationsType) VALUES
    ('362', 'PiggyCards', 362, 'pin', 450, 1, 'fixed');

-- Applebee's: PiggyCards only, with physical locations and a min-max (Range) card
INSERT INTO merchant (paymentMethod, merchantId, active, name, address1, city, territory, latitude, longitude, website, phone, source, sourceId, type, redeemType, savingsPercentage, denominationsType, addDate, updateDate) VALUES
    ('gift card', '377', 1, 'Applebee''s Grill + Bar', NULL, NULL, '', NULL, NULL, 'https://www.applebees.com', NULL, 'PiggyCards', '377', 'both', 'barcode', 850, 'min-max', '2024-11-12 14:20:00', '2025-05-02 09:00:00'),
    ('gift card', '377', 1, 'Applebee''s Grill + Bar', '2045 S Post Oak Rd', 'Houston', 'Texas', 29.734, -95.46, 'https://www.applebees.com', NULL, 'PiggyCards', '377', 'both', 'barcode', 850, 'min-max', '2024-11-12 14:20:00', '2025-05-02 09:00:00'),
    ('gift card', '377', 1, 'Applebee''s Grill + Bar', '1951 Piedmont Rd NE', 'Atlanta', 'Georgia', 33.809, -84.367, 'https://www.applebees.com', NULL, 'PiggyCards', '377', 'both', 'barcode', 850, 'min-max', '2024-11-12 14:20:00', '2025-05-02 09:00:00');
INSERT INTO gift_card_providers (merchantId, provider, sourceId, redeemType, savingsPercentage, active, denominationsType) VALUES
    ('377', 'PiggyCards', 377, 'barcode', 850, 1, 'min-max');
