import DashSpend
import Testing

@testable import MerchantLookupCLI

/// The rendering of `sync`'s stages, fed reports directly.
@Suite("Progress lines: redrawn at most ten times a second on a terminal, one per stage elsewhere")
struct SyncProgressViewTests {
    static let megabyte = 1_000_000

    /// A decrypt stage of 70 MB over 2 s, reported every 1/128 s (exact in binary), then verify and index.
    static func reports() -> [SyncProgress] {
        var reports: [SyncProgress] = []
        for step in 0...256 {
            reports.append(
                SyncProgress(
                    stage: .decrypt, bytesDone: 70 * megabyte * step / 256, bytesTotal: 70 * megabyte,
                    elapsed: Double(step) / 128))
        }
        reports.append(
            SyncProgress(stage: .decrypt, bytesDone: 70 * megabyte, bytesTotal: 70 * megabyte, elapsed: 2, isFinished: true))
        reports.append(SyncProgress(stage: .verify, elapsed: 0))
        reports.append(SyncProgress(stage: .verify, elapsed: 0.31, isFinished: true))
        reports.append(SyncProgress(stage: .index, elapsed: 0))
        reports.append(SyncProgress(stage: .index, elapsed: 0.5, isFinished: true))
        return reports
    }

    @Test("On a terminal: \\r redraws, throttled to the interval, each stage ended by a newline with its time")
    func redrawing() {
        let screen = ProgressScreen()
        let view = SyncProgressView(style: .redrawing, interval: 0.125, output: screen.output)
        for report in Self.reports() { view.show(report) }
        let lines = screen.text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.count == 4 && lines.last == "", "\(screen.text.debugDescription)")
        let decrypt = lines[0].split(separator: "\r", omittingEmptySubsequences: true)
        // 2 s at one redraw per 0.125 s: 17 draws while running (0, 0.125, ... 2), then the final one.
        #expect(decrypt.count == 18, "\(decrypt.count)")
        #expect(decrypt.allSatisfy { $0.hasSuffix("\u{1B}[K") })
        #expect(decrypt[8] == "decrypt+inflate  35.0 MB of 70.0 MB  50%  35.0 MB/s  1 s left\u{1B}[K")
        #expect(decrypt.last == "decrypt+inflate  70.0 MB in 2.00 s (35.0 MB/s)\u{1B}[K")
        #expect(lines[1] == "\rverify           0.00 s\u{1B}[K\rverify           done in 0.31 s\u{1B}[K")
        #expect(lines[2].hasSuffix("\rindex            done in 0.50 s\u{1B}[K"))
    }

    @Test("A stage that fails mid-line gets its line ended, so the error starts on a line of its own")
    func failedStage() {
        let screen = ProgressScreen()
        let view = SyncProgressView(style: .redrawing, output: screen.output)
        view.show(SyncProgress(stage: .verify, elapsed: 0))
        view.show(SyncProgress(stage: .verify, elapsed: 0.5, isFinished: true))
        view.endLine()
        #expect(!screen.text.hasSuffix("\n\n"), "nothing more after a finished line: \(screen.text.debugDescription)")
        view.show(SyncProgress(stage: .index, elapsed: 0))
        view.endLine()
        #expect(screen.text.hasSuffix("index            0.00 s\u{1B}[K\n"), "\(screen.text.debugDescription)")
        view.endLine()
        #expect(!screen.text.hasSuffix("\n\n"))
    }

    @Test("Not a terminal: only the finished lines; silent: nothing")
    func linesAndSilent() {
        let screen = ProgressScreen()
        let view = SyncProgressView(style: .lines, output: screen.output)
        for report in Self.reports() { view.show(report) }
        #expect(
            screen.text == """
                decrypt+inflate  70.0 MB in 2.00 s (35.0 MB/s)
                verify           done in 0.31 s
                index            done in 0.50 s

                """)
        let silent = ProgressScreen()
        let quiet = SyncProgressView(style: .silent, output: silent.output)
        for report in Self.reports() { quiet.show(report) }
        #expect(silent.count == 0)
    }

    @Test("A download of unknown size shows bytes and rate without a total or time left")
    func unknownTotal() {
        let line = SyncProgressView.runningLine(SyncProgress(stage: .download, bytesDone: 1_500_000, elapsed: 0.5))
        #expect(line == "download         1.5 MB  3.0 MB/s")
    }

    @Test("Bytes and seconds are written in short decimal units")
    func units() {
        #expect(SyncProgressView.bytes(999) == "999 B")
        #expect(SyncProgressView.bytes(26_600) == "26.6 kB")
        #expect(SyncProgressView.bytes(280_000_000) == "280.0 MB")
        #expect(SyncProgressView.bytes(1_204_000_000) == "1.20 GB")
        #expect(SyncProgressView.seconds(0.07) == "0.07 s")
        #expect(SyncProgressView.seconds(12.44) == "12.4 s")
        #expect(SyncProgressView.seconds(185) == "3 min 05 s")
        #expect(SyncProgressView.seconds(1.2, rounded: true) == "2 s")
        #expect(SyncProgressView.seconds(.nan) == "0.00 s")
    }
}
