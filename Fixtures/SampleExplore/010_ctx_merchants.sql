-- Sample explore database (schema v4): gift-card merchants whose merchantId is a CTX UUID, with their CTX provider rows.
-- Their PiggyCards rows (merchants sold by both) are in 020_piggycards.sql, so CTX comes first in
-- gift_card_providers order, as in the generator.
-- Written for DashSpend; see README.md in this folder. Columns are named, never positional.

-- ANCHOR 1: Home Depot, both providers (CTX 300 min-max, PiggyCards 350 fixed); online + Atlanta, Chicago, Austin
INSERT INTO merchant (paymentMethod, merchantId, active, name, address1, city, territory, latitude, longitude, website, phone, source, sourceId, type, redeemType, savingsPercentage, denominationsType, addDate, updateDate) VALUES
    ('gift card', 'a1b2c3d4-0001-4000-8000-000000000001', 1, 'Home Depot', NULL, NULL, '', NULL, NULL, 'https://www.homedepot.com', NULL, 'CTX', 'a1b2c3d4-0001-4000-8000-000000000001', 'both', 'barcode', 300, 'min-max', '2025-01-20 16:45:00', '2025-07-01 12:10:00'),
    ('gift card', 'a1b2c3d4-0001-4000-8000-000000000001', 1, 'Home Depot', '650 Ponce De Leon Ave NE', 'Atlanta', 'Georgia', 33.7725, -84.3665, 'https://www.homedepot.com', '(404) 555-0110', 'CTX', 'a1b2c3d4-0001-4000-8000-000000000001', 'both', 'barcode', 300, 'min-max', '2025-01-20 16:45:00', '2025-07-01 12:10:00'),
    ('gift card', 'a1b2c3d4-0001-4000-8000-000000000001', 1, 'Home Depot', '1232 W North Ave', 'Chicago', 'Illinois', 41.9104, -87.6573, 'https://www.homedepot.com', '(312) 555-0111', 'CTX', 'a1b2c3d4-0001-4000-8000-000000000001', 'both', 'barcode', 300, 'min-max', '2025-01-20 16:45:00', '2025-07-01 12:10:00'),
    ('gift card', 'a1b2c3d4-0001-4000-8000-000000000001', 1, 'Home Depot', '5200 S Interstate 35 Frontage Rd', 'Austin', 'Texas', 30.2113, -97.7564, 'https://www.homedepot.com', '(512) 555-0112', 'CTX', 'a1b2c3d4-0001-4000-8000-000000000001', 'both', 'barcode', 300, 'min-max', '2025-01-20 16:45:00', '2025-07-01 12:10:00');
INSERT INTO gift_card_providers (merchantId, provider, sourceId, redeemType, savingsPercentage, active, denominationsType) VALUES
    ('a1b2c3d4-0001-4000-8000-000000000001', 'CTX', 'a1b2c3d4-0001-4000-8000-000000000001', 'barcode', 300, 1, 'min-max');

-- ANCHOR 2: Nike, online, CTX and PiggyCards with an equal discount (200): the tie goes to PiggyCards
INSERT INTO merchant (paymentMethod, merchantId, active, name, address1, city, territory, latitude, longitude, website, phone, source, sourceId, type, redeemType, savingsPercentage, denominationsType, addDate, updateDate) VALUES
    ('gift card', 'a1b2c3d4-0002-4000-8000-000000000002', 1, 'Nike', NULL, NULL, '', NULL, NULL, 'nike.com', NULL, 'CTX', 'a1b2c3d4-0002-4000-8000-000000000002', 'online', 'barcode', 200, 'fixed', '2025-03-01 10:00:00', '2025-06-15 08:30:00');
INSERT INTO gift_card_providers (merchantId, provider, sourceId, redeemType, savingsPercentage, active, denominationsType) VALUES
    ('a1b2c3d4-0002-4000-8000-000000000002', 'CTX', 'a1b2c3d4-0002-4000-8000-000000000002', 'barcode', 200, 1, 'fixed');

-- ANCHOR 4: Uber Eats, online, CTX only, redeemType 'url' (the apps hide these from lists)
INSERT INTO merchant (paymentMethod, merchantId, active, name, address1, city, territory, latitude, longitude, website, phone, source, sourceId, type, redeemType, savingsPercentage, denominationsType, addDate, updateDate) VALUES
    ('gift card', 'a1b2c3d4-0004-4000-8000-000000000004', 1, 'Uber Eats', NULL, NULL, '', NULL, NULL, 'https://www.ubereats.com', NULL, 'CTX', 'a1b2c3d4-0004-4000-8000-000000000004', 'online', 'url', 150, 'min-max', '2025-03-01 10:00:00', '2025-06-15 08:30:00');
INSERT INTO gift_card_providers (merchantId, provider, sourceId, redeemType, savingsPercentage, active, denominationsType) VALUES
    ('a1b2c3d4-0004-4000-8000-000000000004', 'CTX', 'a1b2c3d4-0004-4000-8000-000000000004', 'url', 150, 1, 'min-max');

-- ANCHOR 6: Amazon, online, CTX 0 min-max and PiggyCards -150 (a fee: 0 % discount minus 1.5 %)
INSERT INTO merchant (paymentMethod, merchantId, active, name, address1, city, territory, latitude, longitude, website, phone, source, sourceId, type, redeemType, savingsPercentage, denominationsType, addDate, updateDate) VALUES
    ('gift card', 'a1b2c3d4-0006-4000-8000-000000000006', 1, 'Amazon', NULL, NULL, '', NULL, NULL, 'https://www.amazon.com', NULL, 'CTX', 'a1b2c3d4-0006-4000-8000-000000000006', 'online', 'barcode', 0, 'min-max', '2025-03-01 10:00:00', '2025-06-15 08:30:00');
INSERT INTO gift_card_providers (merchantId, provider, sourceId, redeemType, savingsPercentage, active, denominationsType) VALUES
    ('a1b2c3d4-0006-4000-8000-000000000006', 'CTX', 'a1b2c3d4-0006-4000-8000-000000000006', 'barcode', 0, 1, 'min-max');

-- ANCHOR 7: Best Buy, both, its only provider row (CTX) is inactive
INSERT INTO merchant (paymentMethod, merchantId, active, name, address1, city, territory, latitude, longitude, website, phone, source, sourceId, type, redeemType, savingsPercentage, denominationsType, addDate, updateDate) VALUES
    ('gift card', 'a1b2c3d4-0007-4000-8000-000000000007', 1, 'Best Buy', NULL, NULL, '', NULL, NULL, 'https://www.bestbuy.com', NULL, 'CTX', 'a1b2c3d4-0007-4000-8000-000000000007', 'both', 'barcode', 400, 'min-max', '2025-01-20 16:45:00', '2025-07-01 12:10:00'),
    ('gift card', 'a1b2c3d4-0007-4000-8000-000000000007', 1, 'Best Buy', '529 5th Ave', 'New York', 'New York', 40.7545, -73.98, 'https://www.bestbuy.com', '(212) 555-0170', 'CTX', 'a1b2c3d4-0007-4000-8000-000000000007', 'both', 'barcode', 400, 'min-max', '2025-01-20 16:45:00', '2025-07-01 12:10:00'),
    ('gift card', 'a1b2c3d4-0007-4000-8000-000000000007', 1, 'Best Buy', '1015 N La Brea Ave', 'Los Angeles', 'California', 34.0905, -118.344, 'https://www.bestbuy.com', '(323) 555-0171', 'CTX', 'a1b2c3d4-0007-4000-8000-000000000007', 'both', 'barcode', 400, 'min-max', '2025-01-20 16:45:00', '2025-07-01 12:10:00');
INSERT INTO gift_card_providers (merchantId, provider, sourceId, redeemType, savingsPercentage, active, denominationsType) VALUES
    ('a1b2c3d4-0007-4000-8000-000000000007', 'CTX', 'a1b2c3d4-0007-4000-8000-000000000007', 'barcode', 400, 0, 'min-max');

-- ANCHOR 8a: an apostrophe in the name
INSERT INTO merchant (paymentMethod, merchantId, active, name, address1, city, territory, latitude, longitude, website, phone, source, sourceId, type, redeemType, savingsPercentage, denominationsType, addDate, updateDate) VALUES
    ('gift card', 'a1b2c3d4-0008-4000-8000-000000000008', 1, 'Dick''s Sporting Goods', NULL, NULL, '', NULL, NULL, 'https://www.dickssportinggoods.com', NULL, 'CTX', 'a1b2c3d4-0008-4000-8000-000000000008', 'both', 'barcode', 500, 'min-max', '2025-03-01 10:00:00', '2025-06-15 08:30:00'),
    ('gift card', 'a1b2c3d4-0008-4000-8000-000000000008', 1, 'Dick''s Sporting Goods', '5085 Westheimer Rd', 'Houston', 'Texas', 29.738, -95.461, 'https://www.dickssportinggoods.com', NULL, 'CTX', 'a1b2c3d4-0008-4000-8000-000000000008', 'both', 'barcode', 500, 'min-max', '2025-03-01 10:00:00', '2025-06-15 08:30:00'),
    ('gift card', 'a1b2c3d4-0008-4000-8000-000000000008', 1, 'Dick''s Sporting Goods', '1650 E County Line Rd', 'Denver', 'Colorado', 39.567, -104.961, 'https://www.dickssportinggoods.com', NULL, 'CTX', 'a1b2c3d4-0008-4000-8000-000000000008', 'both', 'barcode', 500, 'min-max', '2025-03-01 10:00:00', '2025-06-15 08:30:00'),
    ('gift card', 'a1b2c3d4-0008-4000-8000-000000000008', 1, 'Dick''s Sporting Goods', '2230 4th Ave S', 'Seattle', 'Washington', 47.583, -122.329, 'https://www.dickssportinggoods.com', NULL, 'CTX', 'a1b2c3d4-0008-4000-8000-000000000008', 'both', 'barcode', 500, 'min-max', '2025-03-01 10:00:00', '2025-06-15 08:30:00');
INSERT INTO gift_card_providers (merchantId, provider, sourceId, redeemType, savingsPercentage, active, denominationsType) VALUES
    ('a1b2c3d4-0008-4000-8000-000000000008', 'CTX', 'a1b2c3d4-0008-4000-8000-000000000008', 'barcode', 500, 1, 'min-max');

-- ANCHOR 8b: a non-ASCII name (é)
INSERT INTO merchant (paymentMethod, merchantId, active, name, address1, city, territory, latitude, longitude, website, phone, source, sourceId, type, redeemType, savingsPercentage, denominationsType, addDate, updateDate) VALUES
    ('gift card', 'a1b2c3d4-0009-4000-8000-000000000009', 1, 'Café Rio', '1550 Wewatta St', 'Denver', 'Colorado', 39.753, -105.001, 'https://www.caferio.com', '(720) 555-0190', 'CTX', 'a1b2c3d4-0009-4000-8000-000000000009', 'physical', 'barcode', 600, 'fixed', '2025-01-20 16:45:00', '2025-07-01 12:10:00'),
    ('gift card', 'a1b2c3d4-0009-4000-8000-000000000009', 1, 'Café Rio', '3601 W William Cannon Dr', 'Austin', 'Texas', 30.229, -97.82, 'https://www.caferio.com', NULL, 'CTX', 'a1b2c3d4-0009-4000-8000-000000000009', 'physical', 'barcode', 600, 'fixed', '2025-01-20 16:45:00', '2025-07-01 12:10:00'),
    ('gift card', 'a1b2c3d4-0009-4000-8000-000000000009', 1, 'Café Rio', '5000 Westheimer Rd', 'Houston', 'Texas', 29.739, -95.459, 'https://www.caferio.com', NULL, 'CTX', 'a1b2c3d4-0009-4000-8000-000000000009', 'physical', 'barcode', 600, 'fixed', '2025-01-20 16:45:00', '2025-07-01 12:10:00');
INSERT INTO gift_card_providers (merchantId, provider, sourceId, redeemType, savingsPercentage, active, denominationsType) VALUES
    ('a1b2c3d4-0009-4000-8000-000000000009', 'CTX', 'a1b2c3d4-0009-4000-8000-000000000009', 'barcode', 600, 1, 'fixed');

-- ANCHOR 9b: mixed-case denominationsType 'Fixed' (merchant row and provider row)
INSERT INTO merchant (paymentMethod, merchantId, active, name, address1, city, territory, latitude, longitude, website, phone, source, sourceId, type, redeemType, savingsPercentage, denominationsType, addDate, updateDate) VALUES
    ('gift card', 'a1b2c3d4-0010-4000-8000-000000000010', 1, 'Chipotle Mexican Grill', NULL, NULL, '', NULL, NULL, 'https://www.chipotle.com', NULL, 'CTX', 'a1b2c3d4-0010-4000-8000-000000000010', 'both', 'barcode', 350, 'Fixed', '2025-01-20 16:45:00', '2025-07-01 12:10:00'),
    ('gift card', 'a1b2c3d4-0010-4000-8000-000000000010', 1, 'Chipotle Mexican Grill', '9 W 42nd St', 'New York', 'New York', 40.754, -73.981, 'https://www.chipotle.com', NULL, 'CTX', 'a1b2c3d4-0010-4000-8000-000000000010', 'both', 'barcode', 350, 'Fixed', '2025-01-20 16:45:00', '2025-07-01 12:10:00'),
    ('gift card', 'a1b2c3d4-0010-4000-8000-000000000010', 1, 'Chipotle Mexican Grill', '316 N Clark St', 'Chicago', 'Illinois', 41.888, -87.631, 'https://www.chipotle.com', NULL, 'CTX', 'a1b2c3d4-0010-4000-8000-000000000010', 'both', 'barcode', 350, 'Fixed', '2025-01-20 16:45:00', '2025-07-01 12:10:00'),
    ('gift card', 'a1b2c3d4-0010-4000-8000-000000000010', 1, 'Chipotle Mexican Grill', '126 New Montgomery St', 'San Francisco', 'California', 37.787, -122.399, 'https://www.chipotle.com', NULL, 'CTX', 'a1b2c3d4-0010-4000-8000-000000000010', 'both', 'barcode', 350, 'Fixed', '2025-01-20 16:45:00', '2025-07-01 12:10:00');
INSERT INTO gift_card_providers (merchantId, provider, sourceId, redeemType, savingsPercentage, active, denominationsType) VALUES
    ('a1b2c3d4-0010-4000-8000-000000000010', 'CTX', 'a1b2c3d4-0010-4000-8000-000000000010', 'barcode', 350, 1, 'Fixed');

-- Target
INSERT INTO merchant (paymentMethod, merchantId, active, name, address1, city, territory, latitude, longitude, website, phone, source, sourceId, type, redeemType, savingsPercentage, denominationsType, addDate, updateDate) VALUES
    ('gift card', '51a57c3d-dae7-4250-88f0-3b17d2665b99', 1, 'Target', NULL, NULL, '', NULL, NULL, 'https://www.target.com', NULL, 'CTX', '51a57c3d-dae7-4250-88f0-3b17d2665b99', 'both', 'barcode', 200, 'min-max', '2024-08-05 09:30:00', '2025-04-18 17:25:00'),
    ('gift card', '51a57c3d-dae7-4250-88f0-3b17d2665b99', 1, 'Target', '3401 NE 1st Ave', 'Miami', 'Florida', 25.808, -80.19, 'https://www.target.com', NULL, 'CTX', '51a57c3d-dae7-4250-88f0-3b17d2665b99', 'both', 'barcode', 200, 'min-max', '2024-08-05 09:30:00', '2025-04-18 17:25:00'),
    ('gift card', '51a57c3d-dae7-4250-88f0-3b17d2665b99', 1, 'Target', '8500 Main St', 'Houston', 'Texas', 29.693, -95.407, 'https://www.target.com', NULL, 'CTX', '51a57c3d-dae7-4250-88f0-3b17d2665b99', 'both', 'barcode', 200, 'min-max', '2024-08-05 09:30:00', '2025-04-18 17:25:00'),
    ('gift card', '51a57c3d-dae7-4250-88f0-3b17d2665b99', 1, 'Target', '1401 2nd Ave', 'Seattle', 'Washington', 47.608, -122.338, 'https://www.target.com', NULL, 'CTX', '51a57c3d-dae7-4250-88f0-3b17d2665b99', 'both', 'barcode', 200, 'min-max', '2024-08-05 09:30:00', '2025-04-18 17:25:00'),
    ('gift card', '51a57c3d-dae7-4250-88f0-3b17d2665b99', 1, 'Target', '500 16th St', 'Denver', 'Colorado', 39.743, -104.991, 'https://www.target.com', NULL, 'CTX', '51a57c3d-dae7-4250-88f0-3b17d2665b99', 'both', 'barcode', 200, 'min-max', '2024-08-05 09:30:00', '2025-04-18 17:25:00');
INSERT INTO gift_card_providers (merchantId, provider, sourceId, redeemType, savingsPercentage, active, denominationsType) VALUES
    ('51a57c3d-dae7-4250-88f0-3b17d2665b99', 'CTX', '51a57c3d-dae7-4250-88f0-3b17d2665b99', 'barcode', 200, 1, 'min-max');

-- Starbucks
INSERT INTO merchant (paymentMethod, merchantId, active, name, address1, city, territory, latitude, longitude, website, phone, source, sourceId, type, redeemType, savingsPercentage, denominationsType, addDate, updateDate) VALUES
    ('gift card', '272697d1-4450-4f0c-82f1-ad499f0c2025', 1, 'Starbucks', NULL, NULL, '', NULL, NULL, 'https://www.starbucks.com', NULL, 'CTX', '272697d1-4450-4f0c-82f1-ad499f0c2025', 'both', 'barcode', 150, 'fixed', '2025-01-20 16:45:00', '2025-07-01 12:10:00'),
    ('gift card', '272697d1-4450-4f0c-82f1-ad499f0c2025', 1, 'Starbucks', '1912 Pike Pl', 'Seattle', 'Washington', 47.61, -122.342, 'https://www.starbucks.com', '(206) 555-0140', 'CTX', '272697d1-4450-4f0c-82f1-ad499f0c2025', 'both', 'barcode', 150, 'fixed', '2025-01-20 16:45:00', '2025-07-01 12:10:00'),
    ('gift card', '272697d1-4450-4f0c-82f1-ad499f0c2025', 1, 'Starbucks', '295 California St', 'San Francisco', 'California', 37.793, -122.399, 'https://www.starbucks.com', NULL, 'CTX', '272697d1-4450-4f0c-82f1-ad499f0c2025', 'both', 'barcode', 150, 'fixed', '2025-01-20 16:45:00', '2025-07-01 12:10:00'),
    ('gift card', '272697d1-4450-4f0c-82f1-ad499f0c2025', 1, 'Starbucks', '1585 Broadway', 'New York', 'New York', 40.76, -73.985, 'https://www.starbucks.com', NULL, 'CTX', '272697d1-4450-4f0c-82f1-ad499f0c2025', 'both', 'barcode', 150, 'fixed', '2025-01-20 16:45:00', '2025-07-01 12:10:00');
INSERT INTO gift_card_providers (merchantId, provider, sourceId, redeemType, savingsPercentage, active, denominationsType) VALUES
    ('272697d1-4450-4f0c-82f1-ad499f0c2025', 'CTX', '272697d1-4450-4f0c-82f1-ad499f0c2025', 'barcode', 150, 1, 'fixed');

-- Whole Foods Market
INSERT INTO merchant (paymentMethod, merchantId, active, name, address1, city, territory, latitude, longitude, website, phone, source, sourceId, type, redeemType, savingsPercentage, denominationsType, addDate, updateDate) VALUES
    ('gift card', 'fadefca5-4fe5-48af-988f-2f7a0b54e503', 1, 'Whole Foods Market', '525 N Lamar Blvd', 'Austin', 'Texas', 30.27, -97.753, 'https://www.wholefoodsmarket.com', '(512) 555-0150', 'CTX', 'fadefca5-4fe5-48af-988f-2f7a0b54e503', 'physical', 'barcode', 300, 'min-max', '2024-11-12 14:20:00', '2025-05-02 09:00:00'),
    ('gift card', 'fadefca5-4fe5-48af-988f-2f7a0b54e503', 1, 'Whole Foods Market', '1550 N Kingsbury St', 'Chicago', 'Illinois', 41.91, -87.653, 'https://www.wholefoodsmarket.com', NULL, 'CTX', 'fadefca5-4fe5-48af-988f-2f7a0b54e503', 'physical', 'barcode', 300, 'min-max', '2024-11-12 14:20:00', '2025-05-02 09:00:00');
INSERT INTO gift_card_providers (merchantId, provider, sourceId, redeemType, savingsPercentage, active, denominationsType) VALUES
    ('fadefca5-4fe5-48af-988f-2f7a0b54e503', 'CTX', 'fadefca5-4fe5-48af-988f-2f7a0b54e503', 'barcode', 300, 1, 'min-max');

-- Sephora
INSERT INTO merchant (paymentMethod, merchantId, active, name, address1, city, territory, latitude, longitude, website, phone, source, sourceId, type, redeemType, savingsPercentage, denominationsType, addDate, updateDate) VALUES
    ('gift card', 'f09ed10c-f190-4456-bb4e-a77d05c932bb', 1, 'Sephora', NULL, NULL, '', NULL, NULL, 'https://www.sephora.com', NULL, 'CTX', 'f09ed10c-f190-4456-bb4e-a77d05c932bb', 'both', 'barcode', 400, 'min-max', '2024-11-12 14:20:00', '2025-05-02 09:00:00'),
    ('gift card', 'f09ed10c-f190-4456-bb4e-a77d05c932bb', 1, 'Sephora', '721 Collins Ave', 'Miami', 'Florida', 25.777, -80.132, 'https://www.sephora.com', NULL, 'CTX', 'f09ed10c-f190-4456-bb4e-a77d05c932bb', 'both', 'barcode', 400, 'min-max', '2024-11-12 14:20:00', '2025-05-02 09:00:00'),
    ('gift card', 'f09ed10c-f190-4456-bb4e-a77d05c932bb', 1, 'Sephora', '6801 Hollywood Blvd', 'Los Angeles', 'California', 34.102, -118.339, 'https://www.sephora.com', NULL, 'CTX', 'f09ed10c-f190-4456-bb4e-a77d05c932bb', 'both', 'barcode', 400, 'min-max', '2024-11-12 14:20:00', '2025-05-02 09:00:00');
INSERT INTO gift_card_providers (merchantId, provider, sourceId, redeemType, savingsPercentage, active, denominationsType) VALUES
    ('f09ed10c-f190-4456-bb4e-a77d05c932bb', 'CTX', 'f09ed10c-f190-4456-bb4e-a77d05c932bb', 'barcode', 400, 1, 'min-max');

-- Ulta Beauty
INSERT INTO merchant (paymentMethod, merchantId, active, name, address1, city, territory, latitude, longitude, website, phone, source, sourceId, type, redeemType, savingsPercentage, denominationsType, addDate, updateDate) VALUES
    ('gift card', '8af2fc45-fe34-42b9-b58b-2495a3480f9e', 1, 'Ulta Beauty', NULL, NULL, '', NULL, NULL, 'https://www.ulta.com', NULL, 'CTX', '8af2fc45-fe34-42b9-b58b-2495a3480f9e', 'both', 'barcode', 350, 'min-max', '2024-08-05 09:30:00', '2025-04-18 17:25:00'),
    ('gift card', '8af2fc45-fe34-42b9-b58b-2495a3480f9e', 1, 'Ulta Beauty', '5000 Westheimer Rd', 'Houston', 'Texas', 29.74, -95.46, 'https://www.ulta.com', NULL, 'CTX', '8af2fc45-fe34-42b9-b58b-2495a3480f9e', 'both', 'barcode', 350, 'min-max', '2024-08-05 09:30:00', '2025-04-18 17:25:00');
INSERT INTO gift_card_providers (merchantId, provider, sourceId, redeemType, savingsPercentage, active, denominationsType) VALUES
    ('8af2fc45-fe34-42b9-b58b-2495a3480f9e', 'CTX', '8af2fc45-fe34-42b9-b58b-2495a3480f9e', 'barcode', 350, 1, 'min-max');

-- GameStop
INSERT INTO merchant (paymentMethod, merchantId, active, name, address1, city, territory, latitude, longitude, website, phone, source, sourceId, type, redeemType, savingsPercentage, denominationsType, addDate, updateDate) VALUES
    ('gift card', '2f317bbf-477f-4d71-ba8f-0375e26ee19b', 1, 'GameStop', NULL, NULL, '', NULL, NULL, 'https://www.gamestop.com', NULL, 'CTX', '2f317bbf-477f-4d71-ba8f-0375e26ee19b', 'both', 'pin', 300, 'fixed', '2025-03-01 10:00:00', '2025-06-15 08:30:00'),
    ('gift card', '2f317bbf-477f-4d71-ba8f-0375e26ee19b', 1, 'GameStop', '3393 Peachtree Rd NE', 'Atlanta', 'Georgia', 33.847, -84.362, 'https://www.gamestop.com', NULL, 'CTX', '2f317bbf-477f-4d71-ba8f-0375e26ee19b', 'both', 'pin', 300, 'fixed', '2025-03-01 10:00:00', '2025-06-15 08:30:00');
INSERT INTO gift_card_providers (merchantId, provider, sourceId, redeemType, savingsPercentage, active, denominationsType) VALUES
    ('2f317bbf-477f-4d71-ba8f-0375e26ee19b', 'CTX', '2f317bbf-477f-4d71-ba8f-0375e26ee19b', 'pin', 300, 1, 'fixed');

-- Petco
INSERT INTO merchant (paymentMethod, merchantId, active, name, address1, city, territory, latitude, longitude, website, phone, source, sourceId, type, redeemType, savingsPercentage, denominationsType, addDate, updateDate) VALUES
    ('gift card', 'f9fad5c1-c069-4485-b016-5ca38aabd8a3', 1, 'Petco', NULL, NULL, '', NULL, NULL, 'https://www.petco.com', NULL, 'CTX', 'f9fad5c1-c069-4485-b016-5ca38aabd8a3', 'both', 'barcode', 500, 'min-max', '2024-08-05 09:30:00', '2025-04-18 17:25:00'),
    ('gift card', 'f9fad5c1-c069-4485-b016-5ca38aabd8a3', 1, 'Petco', '1001 S Colorado Blvd', 'Denver', 'Colorado', 39.696, -104.941, 'https://www.petco.com', NULL, 'CTX', 'f9fad5c1-c069-4485-b016-5ca38aabd8a3', 'both', 'barcode', 500, 'min-max', '2024-08-05 09:30:00', '2025-04-18 17:25:00');
INSERT INTO gift_card_providers (merchantId, provider, sourceId, redeemType, savingsPercentage, active, denominationsType) VALUES
    ('f9fad5c1-c069-4485-b016-5ca38aabd8a3', 'CTX', 'f9fad5c1-c069-4485-b016-5ca38aabd8a3', 'barcode', 500, 1, 'min-max');

-- Barnes & Noble
INSERT INTO merchant (paymentMethod, merchantId, active, name, address1, city, territory, latitude, longitude, website, phone, source, sourceId, type, redeemType, savingsPercentage, denominationsType, addDate, updateDate) VALUES
    ('gift card', '09a5df81-0f65-49f5-87b1-c3c9d75c25eb', 1, 'Barnes & Noble', NULL, NULL, '', NULL, NULL, 'https://www.barnesandnoble.com', NULL, 'CTX', '09a5df81-0f65-49f5-87b1-c3c9d75c25eb', 'both', 'barcode', 700, 'min-max', '2025-03-01 10:00:00', '2025-06-15 08:30:00'),
    ('gift card', '09a5df81-0f65-49f5-87b1-c3c9d75c25eb', 1, 'Barnes & Noble', '33 E 17th St', 'New York', 'New York', 40.737, -73.99, 'https://www.barnesandnoble.com', '(212) 555-0160', 'CTX', '09a5df81-0f65-49f5-87b1-c3c9d75c25eb', 'both', 'barcode', 700, 'min-max', '2025-03-01 10:00:00', '2025-06-15 08:30:00');
INSERT INTO gift_card_providers (merchantId, provider, sourceId, redeemType, savingsPercentage, active, denominationsType) VALUES
    ('09a5df81-0f65-49f5-87b1-c3c9d75c25eb', 'CTX', '09a5df81-0f65-49f5-87b1-c3c9d75c25eb', 'barcode', 700, 1, 'min-max');

-- Airbnb: CTX's 'min-max-major' denominations type
INSERT INTO merchant (paymentMethod, merchantId, active, name, address1, city, territory, latitude, longitude, website, phone, source, sourceId, type, redeemType, savingsPercentage, denominationsType, addDate, updateDate) VALUES
    ('gift card', '4dec4eba-dddb-47a8-99d3-59d116aeb515', 1, 'Airbnb', NULL, NULL, '', NULL, NULL, 'https://www.airbnb.com', NULL, 'CTX', '4dec4eba-dddb-47a8-99d3-59d116aeb515', 'online', 'barcode', 100, 'min-max-major', '2025-03-01 10:00:00', '2025-06-15 08:30:00');
INSERT INTO gift_card_providers (merchantId, provider, sourceId, redeemType, savingsPercentage, active, denominationsType) VALUES
    ('4dec4eba-dddb-47a8-99d3-59d116aeb515', 'CTX', '4dec4eba-dddb-47a8-99d3-59d116aeb515', 'barcode', 100, 1, 'min-max-major');

-- DoorDash
INSERT INTO merchant (paymentMethod, merchantId, active, name, address1, city, territory, latitude, longitude, website, phone, source, sourceId, type, redeemType, savingsPercentage, denominationsType, addDate, updateDate) VALUES
    ('gift card', '44dc62df-a3b6-49ca-90f0-af1fd55ac24e', 1, 'DoorDash', NULL, NULL, NULL, NULL, NULL, 'https://www.doordash.com', NULL, 'CTX', '44dc62df-a3b6-49ca-90f0-af1fd55ac24e', 'online', 'pin', 300, 'min-max', '2025-03-01 10:00:00', '2025-06-15 08:30:00');
INSERT INTO gift_card_providers (merchantId, provider, sourceId, redeemType, savingsPercentage, active, denominationsType) VALUES
    ('44dc62df-a3b6-49ca-90f0-af1fd55ac24e', 'CTX', '44dc62df-a3b6-49ca-90f0-af1fd55ac24e', 'pin', 300, 1, 'min-max');

-- Hotels.com
INSERT INTO merchant (paymentMethod, merchantId, active, name, address1, city, territory, latitude, longitude, website, phone, source, sourceId, type, redeemType, savingsPercentage, denominationsType, addDate, updateDate) VALUES
    ('gift card', '48baa766-441e-47ab-8c92-b5a685bcb13b', 1, 'Hotels.com', NULL, NULL, '', NULL, NULL, 'https://www.hotels.com', NULL, 'CTX', '48baa766-441e-47ab-8c92-b5a685bcb13b', 'online', 'barcode', 800, 'min-max', '2024-11-12 14:20:00', '2025-05-02 09:00:00');
INSERT INTO gift_card_providers (merchantId, provider, sourceId, redeemType, savingsPercentage, active, denominationsType) VALUES
    ('48baa766-441e-47ab-8c92-b5a685bcb13b', 'CTX', '48baa766-441e-47ab-8c92-b5a685bcb13b', 'barcode', 800, 1, 'min-max');

-- Southwest Airlines: inactive CTX provider row (merchant row still active)
INSERT INTO merchant (paymentMethod, merchantId, active, name, address1, city, territory, latitude, longitude, website, phone, source, sourceId, type, redeemType, savingsPercentage, denominationsType, addDate, updateDate) VALUES
    ('gift card', 'e1a15752-4eec-4a2e-acd0-e7d2b64fb4b1', 1, 'Southwest Airlines', NULL, NULL, '', NULL, NULL, 'https://www.southwest.com', NULL, 'CTX', 'e1a15752-4eec-4a2e-acd0-e7d2b64fb4b1', 'online', 'barcode', 250, 'min-max', '2024-11-12 14:20:00', '2025-05-02 09:00:00');
INSERT INTO gift_card_providers (merchantId, provider, sourceId, redeemType, savingsPercentage, active, denominationsType) VALUES
    ('e1a15752-4eec-4a2e-acd0-e7d2b64fb4b1', 'CTX', 'e1a15752-4eec-4a2e-acd0-e7d2b64fb4b1', 'barcode', 250, 0, 'min-max');

-- Regal: the highest discount in the sample (1500 bp = 15 %)
INSERT INTO merchant (paymentMethod, merchantId, active, name, address1, city, territory, latitude, longitude, website, phone, source, sourceId, type, redeemType, savingsPercentage, denominationsType, addDate, updateDate) VALUES
    ('gift card', 'd1ba098d-0ba1-42bf-9225-b9f406275545', 1, 'Regal', '850 Broadway', 'New York', 'New York', 40.734, -73.991, 'https://www.regmovies.com', NULL, 'CTX', 'd1ba098d-0ba1-42bf-9225-b9f406275545', 'physical', 'barcode', 1500, 'fixed', '2025-03-01 10:00:00', '2025-06-15 08:30:00'),
    ('gift card', 'd1ba098d-0ba1-42bf-9225-b9f406275545', 1, 'Regal', '261 19th St NW', 'Atlanta', 'Georgia', 33.793, -84.396, 'https://www.regmovies.com', NULL, 'CTX', 'd1ba098d-0ba1-42bf-9225-b9f406275545', 'physical', 'barcode', 1500, 'fixed', '2025-03-01 10:00:00', '2025-06-15 08:30:00');
INSERT INTO gift_card_providers (merchantId, provider, sourceId, redeemType, savingsPercentage, active, denominationsType) VALUES
    ('d1ba098d-0ba1-42bf-9225-b9f406275545', 'CTX', 'd1ba098d-0ba1-42bf-9225-b9f406275545', 'barcode', 1500, 1, 'fixed');

-- AMC Theatres
INSERT INTO merchant (paymentMethod, merchantId, active, name, address1, city, territory, latitude, longitude, website, phone, source, sourceId, type, redeemType, savingsPercentage, denominationsType, addDate, updateDate) VALUES
    ('gift card', '9e20acd0-5217-4f11-b960-74a79500fbab', 1, 'AMC Theatres', NULL, NULL, '', NULL, NULL, 'https://www.amctheatres.com', NULL, 'CTX', '9e20acd0-5217-4f11-b960-74a79500fbab', 'both', 'barcode', 1000, 'fixed', '2025-03-01 10:00:00', '2025-06-15 08:30:00'),
    ('gift card', '9e20acd0-5217-4f11-b960-74a79500fbab', 1, 'AMC Theatres', '1000 W Olympic Blvd', 'Los Angeles', 'California', 34.045, -118.264, 'https://www.amctheatres.com', NULL, 'CTX', '9e20acd0-5217-4f11-b960-74a79500fbab', 'both', 'barcode', 1000, 'fixed', '2025-03-01 10:00:00', '2025-06-15 08:30:00'),
    ('gift card', '9e20acd0-5217-4f11-b960-74a79500fbab', 1, 'AMC Theatres', '600 N Michigan Ave', 'Chicago', 'Illinois', 41.893, -87.624, 'https://www.amctheatres.com', NULL, 'CTX', '9e20acd0-5217-4f11-b960-74a79500fbab', 'both', 'barcode', 1000, 'fixed', '2025-03-01 10:00:00', '2025-06-15 08:30:00');
INSERT INTO gift_card_providers (merchantId, provider, sourceId, redeemType, savingsPercentage, active, denominationsType) VALUES
    ('9e20acd0-5217-4f11-b960-74a79500fbab', 'CTX', '9e20acd0-5217-4f11-b960-74a79500fbab', 'barcode', 1000, 1, 'fixed');

-- The Cheesecake Factory
INSERT INTO merchant (paymentMethod, merchantId, active, name, address1, city, territory, latitude, longitude, website, phone, source, sourceId, type, redeemType, savingsPercentage, denominationsType, addDate, updateDate) VALUES
    ('gift card', 'f7b0e383-7ce2-4ba1-a518-bfdb3be584bd', 1, 'The Cheesecake Factory', '3401 N Miami Ave', 'Miami', 'Florida', 25.809, -80.195, 'https://www.thecheesecakefactory.com', NULL, 'CTX', 'f7b0e383-7ce2-4ba1-a518-bfdb3be584bd', 'physical', 'barcode', 500, 'fixed', '2024-11-12 14:20:00', '2025-05-02 09:00:00'),
    ('gift card', 'f7b0e383-7ce2-4ba1-a518-bfdb3be584bd', 1, 'The Cheesecake Factory', '251 Geary St', 'San Francisco', 'California', 37.787, -122.407, 'https://www.thecheesecakefactory.com', NULL, 'CTX', 'f7b0e383-7ce2-4ba1-a518-bfdb3be584bd', 'physical', 'barcode', 500, 'fixed', '2024-11-12 14:20:00', '2025-05-02 09:00:00'),
    ('gift card', 'f7b0e383-7ce2-4ba1-a518-bfdb3be584bd', 1, 'The Cheesecake Factory', '5015 Westheimer Rd', 'Houston', 'Texas', 29.738, -95.462, 'https://www.thecheesecakefactory.com', NULL, 'CTX', 'f7b0e383-7ce2-4ba1-a518-bfdb3be584bd', 'physical', 'barcode', 500, 'fixed', '2024-11-12 14:20:00', '2025-05-02 09:00:00');
INSERT INTO gift_card_providers (merchantId, provider, sourceId, redeemType, savingsPercentage, active, denominationsType) VALUES
    ('f7b0e383-7ce2-4ba1-a518-bfdb3be584bd', 'CTX', 'f7b0e383-7ce2-4ba1-a518-bfdb3be584bd', 'barcode', 500, 1, 'fixed');

-- Panera Bread
INSERT INTO merchant (paymentMethod, merchantId, active, name, address1, city, territory, latitude, longitude, website, phone, source, sourceId, type, redeemType, savingsPercentage, denominationsType, addDate, updateDate) VALUES
    ('gift card', '3602269b-53a7-421b-b871-3aab23d344b5', 1, 'Panera Bread', NULL, NULL, '', NULL, NULL, 'https://www.panerabread.com', NULL, 'CTX', '3602269b-53a7-421b-b871-3aab23d344b5', 'both', 'barcode', 400, 'min-max', '2024-08-05 09:30:00', '2025-04-18 17:25:00'),
    ('gift card', '3602269b-53a7-421b-b871-3aab23d344b5', 1, 'Panera Bread', '501 W Madison St', 'Chicago', 'Illinois', 41.882, -87.64, 'https://www.panerabread.com', NULL, 'CTX', '3602269b-53a7-421b-b871-3aab23d344b5', 'both', 'barcode', 400, 'min-max', '2024-08-05 09:30:00', '2025-04-18 17:25:00'),
    ('gift card', '3602269b-53a7-421b-b871-3aab23d344b5', 1, 'Panera Bread', '1350 Larimer St', 'Denver', 'Colorado', 39.748, -104.999, 'https://www.panerabread.com', NULL, 'CTX', '3602269b-53a7-421b-b871-3aab23d344b5', 'both', 'barcode', 400, 'min-max', '2024-08-05 09:30:00', '2025-04-18 17:25:00');
INSERT INTO gift_card_providers (merchantId, provider, sourceId, redeemType, savingsPercentage, active, denominationsType) VALUES
    ('3602269b-53a7-421b-b871-3aab23d344b5', 'CTX', '3602269b-53a7-421b-b871-3aab23d344b5', 'barcode', 400, 1, 'min-max');

-- Olive Garden
INSERT INTO merchant (paymentMethod, merchantId, active, name, address1, city, territory, latitude, longitude, website, phone, source, sourceId, type, redeemType, savingsPercentage, denominationsType, addDate, updateDate) VALUES
    ('gift card', 'e97502c2-555a-4f53-8676-b7990bcf036a', 1, 'Olive Garden', '7021 Highway 6 N', 'Houston', 'Texas', 29.868, -95.644, 'https://www.olivegarden.com', NULL, 'CTX', 'e97502c2-555a-4f53-8676-b7990bcf036a', 'physical', 'barcode', 600, 'fixed', '2025-01-20 16:45:00', '2025-07-01 12:10:00'),
    ('gift card', 'e97502c2-555a-4f53-8676-b7990bcf036a', 1, 'Olive Garden', '3700 Camp Creek Pkwy', 'Atlanta', 'Georgia', 33.654, -84.499, 'https://www.olivegarden.com', NULL, 'CTX', 'e97502c2-555a-4f53-8676-b7990bcf036a', 'physical', 'barcode', 600, 'fixed', '2025-01-20 16:45:00', '2025-07-01 12:10:00');
INSERT INTO gift_card_providers (merchantId, provider, sourceId, redeemType, savingsPercentage, active, denominationsType) VALUES
    ('e97502c2-555a-4f53-8676-b7990bcf036a', 'CTX', 'e97502c2-555a-4f53-8676-b7990bcf036a', 'barcode', 600, 1, 'fixed');

-- Bed Bath & Beyond: inactive merchant row AND inactive provider row
INSERT INTO merchant (paymentMethod, merchantId, active, name, address1, city, territory, latitude, longitude, website, phone, source, sourceId, type, redeemType, savingsPercentage, denominationsType, addDate, updateDate) VALUES
    ('gift card', 'f406e514-6f64-42ac-9027-a73905b2df53', 0, 'Bed Bath & Beyond', NULL, NULL, '', NULL, NULL, 'https://www.bedbathandbeyond.com', NULL, 'CTX', 'f406e514-6f64-42ac-9027-a73905b2df53', 'online', 'barcode', 500, 'min-max', '2025-03-01 10:00:00', '2025-06-15 08:30:00');
INSERT INTO gift_card_providers (merchantId, provider, sourceId, redeemType, savingsPercentage, active, denominationsType) VALUES
    ('f406e514-6f64-42ac-9027-a73905b2df53', 'CTX', 'f406e514-6f64-42ac-9027-a73905b2df53', 'barcode', 500, 0, 'min-max');

-- Macy's
INSERT INTO merchant (paymentMethod, merchantId, active, name, address1, city, territory, latitude, longitude, website, phone, source, sourceId, type, redeemType, savingsPercentage, denominationsType, addDate, updateDate) VALUES
    ('gift card', '25366dac-d685-40a6-97a5-8aaa5ff64bdd', 1, 'Macy''s', NULL, NULL, '', NULL, NULL, 'https://www.macys.com', NULL, 'CTX', '25366dac-d685-40a6-97a5-8aaa5ff64bdd', 'both', 'barcode', 500, 'min-max', '2025-01-20 16:45:00', '2025-07-01 12:10:00'),
    ('gift card', '25366dac-d685-40a6-97a5-8aaa5ff64bdd', 1, 'Macy''s', '151 W 34th St', 'New York', 'New York', 40.751, -73.989, 'https://www.macys.com', '(212) 555-0180', 'CTX', '25366dac-d685-40a6-97a5-8aaa5ff64bdd', 'both', 'barcode', 500, 'min-max', '2025-01-20 16:45:00', '2025-07-01 12:10:00'),
    ('gift card', '25366dac-d685-40a6-97a5-8aaa5ff64bdd', 1, 'Macy''s', '170 O''Farrell St', 'San Francisco', 'California', 37.787, -122.407, 'https://www.macys.com', NULL, 'CTX', '25366dac-d685-40a6-97a5-8aaa5ff64bdd', 'both', 'barcode', 500, 'min-max', '2025-01-20 16:45:00', '2025-07-01 12:10:00'),
    ('gift card', '25366dac-d685-40a6-97a5-8aaa5ff64bdd', 1, 'Macy''s', '111 N State St', 'Chicago', 'Illinois', 41.883, -87.628, 'https://www.macys.com', NULL, 'CTX', '25366dac-d685-40a6-97a5-8aaa5ff64bdd', 'both', 'barcode', 500, 'min-max', '2025-01-20 16:45:00', '2025-07-01 12:10:00');
INSERT INTO gift_card_providers (merchantId, provider, sourceId, redeemType, savingsPercentage, active, denominationsType) VALUES
    ('25366dac-d685-40a6-97a5-8aaa5ff64bdd', 'CTX', '25366dac-d685-40a6-97a5-8aaa5ff64bdd', 'barcode', 500, 1, 'min-max');

-- Nordstrom
INSERT INTO merchant (paymentMethod, merchantId, active, name, address1, city, territory, latitude, longitude, website, phone, source, sourceId, type, redeemType, savingsPercentage, denominationsType, addDate, updateDate) VALUES
    ('gift card', '6c335925-3f30-4751-8f24-8501fd68632f', 1, 'Nordstrom', NULL, NULL, '', NULL, NULL, 'https://www.nordstrom.com', NULL, 'CTX', '6c335925-3f30-4751-8f24-8501fd68632f', 'both', 'barcode', 300, 'min-max', '2025-03-01 10:00:00', '2025-06-15 08:30:00'),
    ('gift card', '6c335925-3f30-4751-8f24-8501fd68632f', 1, 'Nordstrom', '500 Pine St', 'Seattle', 'Washington', 47.612, -122.336, 'https://www.nordstrom.com', NULL, 'CTX', '6c335925-3f30-4751-8f24-8501fd68632f', 'both', 'barcode', 300, 'min-max', '2025-03-01 10:00:00', '2025-06-15 08:30:00');
INSERT INTO gift_card_providers (merchantId, provider, sourceId, redeemType, savingsPercentage, active, denominationsType) VALUES
    ('6c335925-3f30-4751-8f24-8501fd68632f', 'CTX', '6c335925-3f30-4751-8f24-8501fd68632f', 'barcode', 300, 1, 'min-max');

-- adidas: lower-case name (sorting is COLLATE NOCASE), website without a scheme
INSERT INTO merchant (paymentMethod, merchantId, active, name, address1, city, territory, latitude, longitude, website, phone, source, sourceId, type, redeemType, savingsPercentage, denominationsType, addDate, updateDate) VALUES
    ('gift card', '775ca20b-78fe-46c2-ab08-72f1cc2b9f8f', 1, 'adidas', NULL, NULL, '', NULL, NULL, 'www.adidas.com', NULL, 'CTX', '775ca20b-78fe-46c2-ab08-72f1cc2b9f8f', 'online', 'barcode', 450, 'min-max', '2025-01-20 16:45:00', '2025-07-01 12:10:00');
INSERT INTO gift_card_providers (merchantId, provider, sourceId, redeemType, savingsPercentage, active, denominationsType) VALUES
    ('775ca20b-78fe-46c2-ab08-72f1cc2b9f8f', 'CTX', '775ca20b-78fe-46c2-ab08-72f1cc2b9f8f', 'barcode', 450, 1, 'min-max');

-- Lowe's
INSERT INTO merchant (paymentMethod, merchantId, active, name, address1, city, territory, latitude, longitude, website, phone, source, sourceId, type, redeemType, savingsPercentage, denominationsType, addDate, updateDate) VALUES
    ('gift card', '9aa1dc97-06cc-4f36-a4ce-6d9917a75979', 1, 'Lowe''s', NULL, NULL, '', NULL, NULL, 'https://www.lowes.com', NULL, 'CTX', '9aa1dc97-06cc-4f36-a4ce-6d9917a75979', 'both', 'barcode', 250, 'min-max', '2024-11-12 14:20:00', '2025-05-02 09:00:00'),
    ('gift card', '9aa1dc97-06cc-4f36-a4ce-6d9917a75979', 1, 'Lowe''s', '2570 Dallas Hwy', 'Atlanta', 'Georgia', 33.96, -84.601, 'https://www.lowes.com', NULL, 'CTX', '9aa1dc97-06cc-4f36-a4ce-6d9917a75979', 'both', 'barcode', 250, 'min-max', '2024-11-12 14:20:00', '2025-05-02 09:00:00'),
    ('gift card', '9aa1dc97-06cc-4f36-a4ce-6d9917a75979', 1, 'Lowe''s', '7800 NW 33rd St', 'Miami', 'Florida', 25.805, -80.323, 'https://www.lowes.com', NULL, 'CTX', '9aa1dc97-06cc-4f36-a4ce-6d9917a75979', 'both', 'barcode', 250, 'min-max', '2024-11-12 14:20:00', '2025-05-02 09:00:00');
INSERT INTO gift_card_providers (merchantId, provider, sourceId, redeemType, savingsPercentage, active, denominationsType) VALUES
    ('9aa1dc97-06cc-4f36-a4ce-6d9917a75979', 'CTX', '9aa1dc97-06cc-4f36-a4ce-6d9917a75979', 'barcode', 250, 1, 'min-max');

-- Foot Locker: merchant row savingsPercentage NULL (the provider row has the discount)
INSERT INTO merchant (paymentMethod, merchantId, active, name, address1, city, territory, latitude, longitude, website, phone, source, sourceId, type, redeemType, savingsPercentage, denominationsType, addDate, updateDate) VALUES
    ('gift card', 'e21786c7-d0ae-4bf1-a6ff-0e571ee22ba9', 1, 'Foot Locker', NULL, NULL, '', NULL, NULL, 'https://www.footlocker.com', NULL, 'CTX', 'e21786c7-d0ae-4bf1-a6ff-0e571ee22ba9', 'both', 'barcode', NULL, 'fixed', '2024-11-12 14:20:00', '2025-05-02 09:00:00'),
    ('gift card', 'e21786c7-d0ae-4bf1-a6ff-0e571ee22ba9', 1, 'Foot Locker', '120 W 34th St', 'New York', 'New York', 40.75, -73.989, 'https://www.footlocker.com', NULL, 'CTX', 'e21786c7-d0ae-4bf1-a6ff-0e571ee22ba9', 'both', 'barcode', NULL, 'fixed', '2024-11-12 14:20:00', '2025-05-02 09:00:00');
INSERT INTO gift_card_providers (merchantId, provider, sourceId, redeemType, savingsPercentage, active, denominationsType) VALUES
    ('e21786c7-d0ae-4bf1-a6ff-0e571ee22ba9', 'CTX', 'e21786c7-d0ae-4bf1-a6ff-0e571ee22ba9', 'barcode', 700, 1, 'fixed');
