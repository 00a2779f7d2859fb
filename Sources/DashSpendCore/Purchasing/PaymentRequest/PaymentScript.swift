/// Output scripts as addresses: P2PKH (`OP_DUP OP_HASH160 <20> OP_EQUALVERIFY OP_CHECKSIG`) and P2SH
/// (`OP_HASH160 <20> OP_EQUAL`), with the network's version bytes (mainnet `X…`/`7…`, testnet `y…`/`8…`).
package enum PaymentScript {
    /// The address `script` pays on `network`, or nil when it is neither P2PKH nor P2SH.
    package static func address(of script: [UInt8], network: DashSpendNetwork) -> String? {
        let (p2pkh, p2sh): (UInt8, UInt8) = network == .mainnet ? (0x4C, 0x10) : (0x8C, 0x13)
        if script.count == 25, script[0] == 0x76, script[1] == 0xA9, script[2] == 0x14, script[23] == 0x88,
            script[24] == 0xAC
        {
            return Base58Check.encode([p2pkh] + script[3..<23])
        }
        if script.count == 23, script[0] == 0xA9, script[1] == 0x14, script[22] == 0x87 {
            return Base58Check.encode([p2sh] + script[2..<22])
        }
        return nil
    }

    /// The script paying `address` (a valid base58check address of `network`), or nil.
    package static func script(paying address: String, network: DashSpendNetwork) -> [UInt8]? {
        guard let payload = Base58Check.decode(address), payload.count == 21 else { return nil }
        let hash = Array(payload[1...])
        switch (network, payload[0]) {
        case (.mainnet, 0x4C), (.testnet, 0x8C): return [0x76, 0xA9, 0x14] + hash + [0x88, 0xAC]
        case (.mainnet, 0x10), (.testnet, 0x13): return [0xA9, 0x14] + hash + [0x87]
        default: return nil
        }
    }
}
