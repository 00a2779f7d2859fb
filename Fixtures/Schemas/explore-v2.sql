-- The explore database, schema v2: no gift_card_providers, no denominationsType; redeemType and savingsPercentage exist.
-- Written by this project from the documented facts; column order is the shipped one, which differs
-- from the order Android declares: readers must go by column name.
PRAGMA user_version = 2;

CREATE TABLE android_metadata (locale TEXT);
INSERT INTO android_metadata VALUES ('en_US');

CREATE TABLE room_master_table (id INTEGER PRIMARY KEY, identity_hash TEXT);
INSERT INTO room_master_table VALUES (42, '17032e7bcfa85e024acb40f45fe56ab6');

CREATE TABLE "merchant" (
    "deeplink" TEXT, "plusCode" TEXT, "addDate" TEXT, "updateDate" TEXT, "paymentMethod" TEXT,
    "merchantId" TEXT, "id" INTEGER NOT NULL, "active" INTEGER DEFAULT 1, "name" TEXT,
    "address1" TEXT, "address2" TEXT, "address3" TEXT, "address4" TEXT,
    "latitude" REAL, "longitude" REAL, "website" TEXT, "phone" TEXT, "territory" TEXT, "city" TEXT,
    "source" TEXT, "sourceId" TEXT, "logoLocation" TEXT, "googleMaps" TEXT, "coverImage" TEXT,
    "type" TEXT, "redeemType" TEXT, "savingsPercentage" INTEGER,
    PRIMARY KEY("id" AUTOINCREMENT)
);
CREATE INDEX index_merchant_latitude ON merchant(latitude);
CREATE INDEX index_merchant_longitude ON merchant(longitude);
CREATE VIRTUAL TABLE `merchant_fts` USING FTS4(`name` TEXT NOT NULL, content=`merchant`);
CREATE TRIGGER room_fts_content_sync_merchant_fts_BEFORE_UPDATE BEFORE UPDATE ON `merchant` BEGIN DELETE FROM `merchant_fts` WHERE `docid`=OLD.`rowid`; END;
CREATE TRIGGER room_fts_content_sync_merchant_fts_BEFORE_DELETE BEFORE DELETE ON `merchant` BEGIN DELETE FROM `merchant_fts` WHERE `docid`=OLD.`rowid`; END;
CREATE TRIGGER room_fts_content_sync_merchant_fts_AFTER_UPDATE AFTER UPDATE ON `merchant` BEGIN INSERT INTO `merchant_fts`(`docid`, `name`) VALUES (NEW.`rowid`, NEW.`name`); END;
CREATE TRIGGER room_fts_content_sync_merchant_fts_AFTER_INSERT AFTER INSERT ON `merchant` BEGIN INSERT INTO `merchant_fts`(`docid`, `name`) VALUES (NEW.`rowid`, NEW.`name`); END;

CREATE TABLE "atm" (
    "postcode" TEXT, "manufacturer" TEXT, "id" INTEGER NOT NULL, "active" INTEGER DEFAULT 1, "name" TEXT,
    "address1" TEXT, "address2" TEXT, "address3" TEXT, "address4" TEXT, "latitude" REAL, "longitude" REAL,
    "website" TEXT, "phone" TEXT, "territory" TEXT, "city" TEXT, "source" TEXT, "sourceId" TEXT,
    "logoLocation" TEXT, "googleMaps" TEXT, "coverImage" TEXT, "type" TEXT,
    PRIMARY KEY("id" AUTOINCREMENT)
);
CREATE VIRTUAL TABLE `atm_fts` USING FTS4(`name` TEXT NOT NULL, `manufacturer` TEXT NOT NULL, content=`atm`);
CREATE TRIGGER room_fts_content_sync_atm_fts_BEFORE_UPDATE BEFORE UPDATE ON `atm` BEGIN DELETE FROM `atm_fts` WHERE `docid`=OLD.`rowid`; END;
CREATE TRIGGER room_fts_content_sync_atm_fts_BEFORE_DELETE BEFORE DELETE ON `atm` BEGIN DELETE FROM `atm_fts` WHERE `docid`=OLD.`rowid`; END;
CREATE TRIGGER room_fts_content_sync_atm_fts_AFTER_UPDATE AFTER UPDATE ON `atm` BEGIN INSERT INTO `atm_fts`(`docid`, `name`, `manufacturer`) VALUES (NEW.`rowid`, NEW.`name`, NEW.`manufacturer`); END;
CREATE TRIGGER room_fts_content_sync_atm_fts_AFTER_INSERT AFTER INSERT ON `atm` BEGIN INSERT INTO `atm_fts`(`docid`, `name`, `manufacturer`) VALUES (NEW.`rowid`, NEW.`name`, NEW.`manufacturer`); END;
