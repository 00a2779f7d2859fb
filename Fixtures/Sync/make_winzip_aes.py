#!/usr/bin/env python3
"""Writes an explore ZIP the way the wallets' server does (zip4j): one entry `explore.db`, WinZip-AES
(AE-1 or AE-2, AES-256), deflated, with the comment "<timestampMs>#<crc32c hex>" whose checksum part is the
password. An implementation independent of DashSpendSync (the `cryptography` package and zlib), used by
Tests/DashSpendSyncTests to cross-check the Swift reader.

usage: make_winzip_aes.py INPUT OUTPUT TIMESTAMP_MS [--ae 1|2] [--salt HEX]

Without --salt the salt is random (as zip4j's); `make_golden.py` imports `build_archive` and passes a fixed
salt and deliberate faults, so the golden archives it writes are reproducible.
"""
import os
import struct
import sys
import zlib

from cryptography.hazmat.primitives import hashes, hmac
from cryptography.hazmat.primitives.ciphers import Cipher, algorithms, modes
from cryptography.hazmat.primitives.kdf.pbkdf2 import PBKDF2HMAC


def crc32c(data):
    table = []
    for i in range(256):
        c = i
        for _ in range(8):
            c = (c >> 1) ^ 0x82F63B78 if c & 1 else c >> 1
        table.append(c)
    crc = 0xFFFFFFFF
    for b in data:
        crc = table[(crc ^ b) & 0xFF] ^ (crc >> 8)
    return crc ^ 0xFFFFFFFF


def aes_ctr_little_endian(key, data):
    # WinZip's counter is a little-endian 128-bit integer starting at 1: build the counter blocks and
    # encrypt them with AES-ECB to get the key stream.
    blocks = (len(data) + 15) // 16
    counters = b"".join((i + 1).to_bytes(16, "little") for i in range(blocks))
    encryptor = Cipher(algorithms.AES(key), modes.ECB()).encryptor()
    stream = encryptor.update(counters) + encryptor.finalize()
    return bytes(a ^ b for a, b in zip(data, stream))


def build_archive(plain, timestamp, ae=2, salt=None, password=None, comment_checksum=None, crc=None,
                  tamper_ciphertext_at=None):
    """The archive's bytes. The keyword arguments override what the wallets' server writes, to build the
    broken archives: `password` (default: the CRC-32C of `plain` in hex), `comment_checksum` (default: the
    same), `crc` (the AE-1 CRC-32 in the headers; default: the real one), `tamper_ciphertext_at` (flip one
    bit of the ciphertext at this offset after the HMAC was computed)."""
    checksum = format(crc32c(plain), "x")
    password = (password or checksum).encode()
    comment_checksum = comment_checksum or checksum

    compressor = zlib.compressobj(6, zlib.DEFLATED, -15)
    deflated = compressor.compress(plain) + compressor.flush()

    salt = salt if salt is not None else os.urandom(16)
    material = PBKDF2HMAC(algorithm=hashes.SHA1(), length=66, salt=salt, iterations=1000).derive(password)
    aes_key, hmac_key, verifier = material[:32], material[32:64], material[64:]
    ciphertext = aes_ctr_little_endian(aes_key, deflated)
    mac = hmac.HMAC(hmac_key, hashes.SHA1())
    mac.update(ciphertext)
    code = mac.finalize()[:10]
    if tamper_ciphertext_at is not None:
        damaged = bytearray(ciphertext)
        damaged[tamper_ciphertext_at] ^= 0x01
        ciphertext = bytes(damaged)
    payload = salt + verifier + ciphertext + code

    name = b"explore.db"
    if crc is None:
        crc = zlib.crc32(plain) & 0xFFFFFFFF if ae == 1 else 0
    extra = struct.pack("<HHH2sBH", 0x9901, 7, ae, b"AE", 3, 8)
    flags = 0x0001
    time, date = 0, (44 << 9) | (1 << 5) | 1
    local = struct.pack("<IHHHHHIIIHH", 0x04034B50, 51, flags, 99, time, date, crc, len(payload), len(plain),
                        len(name), len(extra)) + name + extra
    central = struct.pack("<IHHHHHHIIIHHHHHII", 0x02014B50, 51, 51, flags, 99, time, date, crc, len(payload),
                          len(plain), len(name), len(extra), 0, 0, 0, 0, 0) + name + extra
    comment = ("%d#%s" % (timestamp, comment_checksum)).encode()
    offset = len(local) + len(payload)
    end = struct.pack("<IHHHHIIH", 0x06054B50, 0, 0, 1, 1, len(central), offset, len(comment)) + comment
    return local + payload + central + end


def main():
    args = sys.argv[1:]
    ae = 2
    salt = None
    if "--ae" in args:
        i = args.index("--ae")
        ae = int(args[i + 1])
        del args[i:i + 2]
    if "--salt" in args:
        i = args.index("--salt")
        salt = bytes.fromhex(args[i + 1])
        del args[i:i + 2]
    source, output, timestamp = args[0], args[1], int(args[2])
    plain = open(source, "rb").read()
    with open(output, "wb") as f:
        f.write(build_archive(plain, timestamp, ae=ae, salt=salt))


if __name__ == "__main__":
    main()
