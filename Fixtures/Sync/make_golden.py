#!/usr/bin/env python3
"""Writes the golden sync archives in Fixtures/Sync/golden/ and their manifest, with an implementation
independent of DashSpendSync: the databases with Python's own sqlite3 module from the project's schema SQL
(Fixtures/Schemas/explore-v4.sql), the archives with make_winzip_aes.py (the `cryptography` package and
zlib). Fixed salts and timestamps, so running it again gives the same archives (for the same SQLite
version). Tests/DashSpendSyncTests/GoldenArchiveTests.swift imports every archive the manifest lists, in every run.

usage: python3 Fixtures/Sync/make_golden.py
"""
import json
import os
import sqlite3
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from make_winzip_aes import build_archive, crc32c  # noqa: E402

from cryptography.hazmat.primitives import hashes  # noqa: E402
from cryptography.hazmat.primitives.kdf.pbkdf2 import PBKDF2HMAC  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(HERE))
OUT = os.path.join(HERE, "golden")
TIMESTAMP = 1750000000000  # 2025-06-15, in the past for every run
SALT = bytes(range(0x10, 0x20))  # fixed, so the archives are reproducible

ROWS = """
INSERT INTO merchant (id, merchantId, name, type, paymentMethod, active, savingsPercentage, denominationsType,
                      source, sourceId, territory, city)
VALUES (1, 'golden-1', 'Golden Grocer', 'physical', 'dash', 1, NULL, NULL, 'DCG', 'golden-1', 'Texas', 'Austin'),
       (2, 'golden-2', 'Golden Gifts', 'online', 'gift card', 1, 300, 'fixed', 'CTX', 'golden-2', NULL, NULL),
       (3, 'golden-3', 'Golden Garage', 'both', 'gift card', 1, 150, 'min-max', 'CTX', 'golden-3', 'Texas', 'Dallas');
INSERT INTO gift_card_providers (id, merchantId, provider, redeemType, savingsPercentage, active, denominationsType,
                                 sourceId)
VALUES (1, 'golden-2', 'CTX', 'barcode', 300, 1, 'fixed', 'a1b2c3d4-0001-4000-8000-000000000001'),
       (2, 'golden-3', 'CTX', 'barcode', 150, 1, 'min-max', '3f2c7a1e-8b1d-4e55-9a0c-1d2b3c4d5e6f');
INSERT INTO atm (id, name, manufacturer, active, latitude, longitude, territory, city)
VALUES (1, 'Golden ATM', 'General Bytes', 1, 30.27, -97.74, 'Texas', 'Austin');
"""


def database(rows):
    """The bytes of a v4 explore file with `rows`, built with Python's sqlite3 from the project's schema."""
    path = os.path.join(OUT, "payload.tmp.db")
    if os.path.exists(path):
        os.remove(path)
    connection = sqlite3.connect(path)
    connection.execute("PRAGMA page_size = 1024")
    with open(os.path.join(ROOT, "Fixtures", "Schemas", "explore-v4.sql")) as schema:
        connection.executescript(schema.read())
    connection.executescript("BEGIN;" + rows + "COMMIT;")
    connection.execute("VACUUM")
    connection.close()
    with open(path, "rb") as f:
        data = f.read()
    os.remove(path)
    return data


def verifier(password, salt):
    material = PBKDF2HMAC(algorithm=hashes.SHA1(), length=66, salt=salt, iterations=1000).derive(password.encode())
    return material[64:]


def main():
    os.makedirs(OUT, exist_ok=True)
    plain = database(ROWS)
    empty = database("")
    checksum = format(crc32c(plain), "x")
    good = build_archive(plain, TIMESTAMP, ae=2, salt=SALT)
    wrong_password = "0badc0de"
    # A 2-byte verifier matches a wrong password once in 65,536 salts: this salt must not be one of those.
    assert verifier(wrong_password, SALT) != verifier(checksum, SALT)
    # The ciphertext starts after the 30-byte local header, the name, the 11-byte extra field, salt and
    # verifier; flip a bit in its middle.
    middle = (len(good) - 200) // 2

    archives = [
        ("good-ae2.zip", good,
         {"expect": "installs", "merchants": 3, "atms": 1, "checksum": checksum, "timestamp": TIMESTAMP,
          "why": "AE-2 (CRC-32 zero), AES-256, deflated: what the wallets' server writes"}),
        ("good-ae1.zip", build_archive(plain, TIMESTAMP, ae=1, salt=SALT),
         {"expect": "installs", "merchants": 3, "atms": 1, "checksum": checksum, "timestamp": TIMESTAMP,
          "why": "AE-1: the CRC-32 of the database is kept in the headers and checked"}),
        ("wrong-password.zip", build_archive(plain, TIMESTAMP, salt=SALT, password=wrong_password),
         {"expect": "refused", "error": "decryption.wrongPassword",
          "why": "encrypted with 0badc0de, while the comment names the real checksum"}),
        ("tampered-ciphertext.zip", build_archive(plain, TIMESTAMP, salt=SALT, tamper_ciphertext_at=middle),
         {"expect": "refused", "error": "decryption.authenticationFailed",
          "why": "one bit of the ciphertext flipped after the HMAC-SHA1 was computed"}),
        ("wrong-crc32-ae1.zip", build_archive(plain, TIMESTAMP, ae=1, salt=SALT, crc=0xDEADBEEF),
         {"expect": "refused", "error": "checksumMismatch.CRC-32",
          "why": "AE-1 whose headers state CRC-32 deadbeef, not the database's"}),
        ("wrong-crc32c-label.zip",
         build_archive(plain, TIMESTAMP, salt=SALT, password="deadbeef", comment_checksum="deadbeef"),
         {"expect": "installs", "merchants": 3, "atms": 1, "checksum": checksum, "timestamp": TIMESTAMP,
          "checksumVerified": False, "strictError": "checksumMismatch.CRC-32C",
          "why": "the comment's checksum (also the password) is deadbeef, not the database's CRC-32C: the "
                 "verifier and the HMAC pass, so it installs unverified; strict refuses it"}),
        ("truncated.zip", good[:len(good) // 2],
         {"expect": "refused", "error": "archive.noEndOfCentralDirectory",
          "why": "the first half of good-ae2.zip"}),
        ("no-merchants.zip", build_archive(empty, TIMESTAMP, salt=SALT),
         {"expect": "refused", "error": "notExploreDatabase",
          "why": "a valid archive of an explore file with no merchant rows"}),
    ]
    manifest = []
    for name, data, expectation in archives:
        with open(os.path.join(OUT, name), "wb") as f:
            f.write(data)
        manifest.append(dict({"file": name, "bytes": len(data)}, **expectation))
    with open(os.path.join(OUT, "manifest.json"), "w") as f:
        json.dump({"generator": "Fixtures/Sync/make_golden.py", "sqlite": sqlite3.sqlite_version,
                   "archives": manifest}, f, indent=2)
        f.write("\n")
    for entry in manifest:
        print("%-26s %6d bytes  %s" % (entry["file"], entry["bytes"], entry.get("error", "installs")))


if __name__ == "__main__":
    main()
