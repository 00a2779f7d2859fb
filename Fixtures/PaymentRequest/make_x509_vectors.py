#!/usr/bin/env python3
"""Test vectors for BIP70 payment request signatures, made at run time with Python's `cryptography`
(an implementation independent of the libcrypto and Security.framework calls the package makes).

  make_x509_vectors.py pki DIR
      writes to DIR (DER certificates, the leaf's PKCS#8 PEM key):
        root.der               "DashSpend Test Root", a self-signed CA
        intermediate.der       "DashSpend Test Intermediate", a CA signed by the root
        leaf.der               CN=pay.ctx.example, signed by the intermediate, valid from a day ago for a year
        expired.der            CN=pay.ctx.example, same key and issuer, valid 60 to 30 days ago
        untrusted-root.der     "Untrusted Test Root", a self-signed CA nobody trusts
        untrusted-leaf.der     CN=pay.ctx.example, same key, signed by the untrusted root
        leaf.key.pem           the leaf's RSA key

  make_x509_vectors.py sign KEY.pem sha256|sha1 FILE...
      writes FILE.sig for each FILE: its RSA PKCS#1 v1.5 signature with the digest.
"""
import datetime
import sys

from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import padding, rsa
from cryptography.x509.oid import NameOID


def name(common, organization="DashSpend Tests"):
    return x509.Name([
        x509.NameAttribute(NameOID.ORGANIZATION_NAME, organization),
        x509.NameAttribute(NameOID.COMMON_NAME, common),
    ])


def certificate(subject, key, issuer, issuer_key, start, end, ca):
    builder = (
        x509.CertificateBuilder()
        .subject_name(subject)
        .issuer_name(issuer)
        .public_key(key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(start)
        .not_valid_after(end)
        .add_extension(x509.BasicConstraints(ca=ca, path_length=None), critical=True)
        .add_extension(x509.SubjectKeyIdentifier.from_public_key(key.public_key()), critical=False)
    )
    if ca:
        builder = builder.add_extension(
            x509.KeyUsage(False, False, False, False, False, True, True, False, False), critical=True)
    else:
        builder = builder.add_extension(
            x509.KeyUsage(True, False, False, False, False, False, False, False, False), critical=True)
    if issuer_key is not key:
        builder = builder.add_extension(
            x509.AuthorityKeyIdentifier.from_issuer_public_key(issuer_key.public_key()), critical=False)
    return builder.sign(issuer_key, hashes.SHA256())


def pki(directory):
    now = datetime.datetime.now(datetime.timezone.utc).replace(microsecond=0)
    day = datetime.timedelta(days=1)
    new_key = lambda: rsa.generate_private_key(public_exponent=65537, key_size=2048)
    root_key, intermediate_key, leaf_key, untrusted_key = new_key(), new_key(), new_key(), new_key()
    root_name, intermediate_name = name("DashSpend Test Root"), name("DashSpend Test Intermediate")
    untrusted_name = name("Untrusted Test Root", "Nobody")
    leaf_name = name("pay.ctx.example", "CTX")
    made = {
        "root": certificate(root_name, root_key, root_name, root_key, now - 2 * day, now + 3650 * day, True),
        "intermediate": certificate(
            intermediate_name, intermediate_key, root_name, root_key, now - 2 * day, now + 1825 * day, True),
        "leaf": certificate(leaf_name, leaf_key, intermediate_name, intermediate_key, now - day, now + 365 * day, False),
        "expired": certificate(
            leaf_name, leaf_key, intermediate_name, intermediate_key, now - 60 * day, now - 30 * day, False),
        "untrusted-root": certificate(
            untrusted_name, untrusted_key, untrusted_name, untrusted_key, now - 2 * day, now + 3650 * day, True),
        "untrusted-leaf": certificate(
            leaf_name, leaf_key, untrusted_name, untrusted_key, now - day, now + 365 * day, False),
    }
    for file, cert in made.items():
        with open(f"{directory}/{file}.der", "wb") as out:
            out.write(cert.public_bytes(serialization.Encoding.DER))
    with open(f"{directory}/leaf.key.pem", "wb") as out:
        out.write(leaf_key.private_bytes(
            serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption()))


def sign(key_path, digest, files):
    with open(key_path, "rb") as source:
        key = serialization.load_pem_private_key(source.read(), password=None)
    algorithm = {"sha256": hashes.SHA256(), "sha1": hashes.SHA1()}[digest]
    for path in files:
        with open(path, "rb") as source:
            signature = key.sign(source.read(), padding.PKCS1v15(), algorithm)
        with open(path + ".sig", "wb") as out:
            out.write(signature)


if __name__ == "__main__":
    if len(sys.argv) == 3 and sys.argv[1] == "pki":
        pki(sys.argv[2])
    elif len(sys.argv) >= 5 and sys.argv[1] == "sign":
        sign(sys.argv[2], sys.argv[3], sys.argv[4:])
    else:
        sys.exit(__doc__)
