-- Sample explore database (schema v4): merchants that take Dash directly (source 'DCG', paymentMethod 'dash').
-- They have no gift_card_providers rows; redeemType 'none', savingsPercentage 0, denominationsType NULL.
-- Written for DashSpend; see README.md in this folder. Columns are named, never positional.

-- ANCHOR 5: Satoshi Coffee House, pays in Dash, two locations, no provider rows
INSERT INTO merchant (paymentMethod, merchantId, active, name, address1, city, territory, latitude, longitude, website, phone, source, sourceId, type, redeemType, savingsPercentage, denominationsType, addDate, updateDate) VALUES
    ('dash', '9001', 1, 'Satoshi Coffee House', '1100 S Congress Ave', 'Austin', 'Texas', 30.253, -97.749, NULL, '(512) 555-0191', 'DCG', '9001', 'physical', 'none', 0, NULL, '2025-01-20 16:45:00', '2025-07-01 12:10:00'),
    ('dash', '9001', 1, 'Satoshi Coffee House', '2501 Larimer St', 'Denver', 'Colorado', 39.758, -104.985, NULL, '(720) 555-0192', 'DCG', '9001', 'physical', 'none', 0, NULL, '2025-01-20 16:45:00', '2025-07-01 12:10:00');

-- Lone Star Cycles
INSERT INTO merchant (paymentMethod, merchantId, active, name, address1, city, territory, latitude, longitude, website, phone, source, sourceId, type, redeemType, savingsPercentage, denominationsType, addDate, updateDate) VALUES
    ('dash', '9002', 1, 'Lone Star Cycles', '2301 E Cesar Chavez St', 'Austin', 'Texas', 30.256, -97.717, 'lonestarcycles.example', NULL, 'DCG', '9002', 'physical', 'none', 0, NULL, '2024-08-05 09:30:00', '2025-04-18 17:25:00');

-- ANCHOR 9a: paymentMethod 'dash ' with a trailing space (seen in real data): still a Dash merchant
INSERT INTO merchant (paymentMethod, merchantId, active, name, address1, city, territory, latitude, longitude, website, phone, source, sourceId, type, redeemType, savingsPercentage, denominationsType, addDate, updateDate) VALUES
    ('dash ', '9003', 1, 'Pike Street Electronics', '1520 Pike St', 'Seattle', 'Washington', 47.614, -122.327, NULL, NULL, 'DCG', '9003', 'physical', 'none', 0, NULL, '2025-03-01 10:00:00', '2025-06-15 08:30:00');

-- Little Havana Cafecito
INSERT INTO merchant (paymentMethod, merchantId, active, name, address1, city, territory, latitude, longitude, website, phone, source, sourceId, type, redeemType, savingsPercentage, denominationsType, addDate, updateDate) VALUES
    ('dash', '9004', 1, 'Little Havana Cafecito', '1501 SW 8th St', 'Miami', 'Florida', 25.765, -80.218, NULL, '(305) 555-0194', 'DCG', '9004', 'physical', 'none', 0, NULL, '2024-11-12 14:20:00', '2025-05-02 09:00:00');

-- Mission Street Books: an inactive Dash merchant
INSERT INTO merchant (paymentMethod, merchantId, active, name, address1, city, territory, latitude, longitude, website, phone, source, sourceId, type, redeemType, savingsPercentage, denominationsType, addDate, updateDate) VALUES
    ('dash', '9005', 0, 'Mission Street Books', '2800 Mission St', 'San Francisco', 'California', 37.752, -122.418, NULL, NULL, 'DCG', '9005', 'physical', 'none', 0, NULL, '2025-01-20 16:45:00', '2025-07-01 12:10:00');

-- Bayou City Vinyl: a Dash merchant that also sells online
INSERT INTO merchant (paymentMethod, merchantId, active, name, address1, city, territory, latitude, longitude, website, phone, source, sourceId, type, redeemType, savingsPercentage, denominationsType, addDate, updateDate) VALUES
    ('dash', '9006', 1, 'Bayou City Vinyl', NULL, NULL, '', NULL, NULL, 'https://bayoucityvinyl.example', NULL, 'DCG', '9006', 'both', 'none', 0, NULL, '2024-08-05 09:30:00', '2025-04-18 17:25:00'),
    ('dash', '9006', 1, 'Bayou City Vinyl', '1911 Westheimer Rd', 'Houston', 'Texas', 29.743, -95.405, 'https://bayoucityvinyl.example', NULL, 'DCG', '9006', 'both', 'none', 0, NULL, '2024-08-05 09:30:00', '2025-04-18 17:25:00');
