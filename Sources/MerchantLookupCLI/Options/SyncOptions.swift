/// `sync`'s options.
enum SyncOptions {
    /// `--from SOURCE`.
    static let source = Option(
        "--from", "SOURCE",
        help: "a file (the explore ZIP or database), gs://BUCKET/OBJECT or an https URL (default: the wallets' object)",
        parser: .syncSource)
    /// `--storage-url BASE`.
    static let storageURL = Option(
        "--storage-url", "BASE",
        help: "the storage REST base URL for gs:// objects (default $DASHSPEND_STORAGE_URL, else Firebase Storage)",
        parser: .text(.url))
    /// `--force`.
    static let force = Flag("--force", help: "download and import even when the installed data is as new")
    /// `--strict`.
    static let strict = Flag("--strict", help: "refuse a ZIP whose CRC-32C differs from the checksum its comment states")
    /// `--check`.
    static let check = Flag(
        "--check", help: "only say whether newer data exists (exit 0: up to date, 10: update available)")
}
