import DashSpend

/// `merchant-lookup help --man`: the manual page in troff (`man -l -` reads it), generated from the same
/// declarations as the help: every command with its usage, summary and own options, the global options
/// and the exit codes.
enum ManPage {
    static func text(commands: [any CLICommand.Type], version: String) -> String {
        var lines = [
            ".TH MERCHANT-LOOKUP 1 \"\" \"merchant-lookup \(version)\" \"User Commands\"",
            ".SH NAME",
            "merchant-lookup \\- which merchants sell Dash gift cards, through which provider, at what discount",
            ".SH SYNOPSIS",
            ".B merchant-lookup",
            "COMMAND [OPTIONS]",
            ".SH COMMANDS",
        ]
        for command in commands {
            lines.append(".SS \(escaped(command.words.joined(separator: " ")))")
            lines.append(escaped(command.summary))
            lines.append(".PP")
            lines.append(".nf")
            lines.append(escaped(command.usage))
            lines.append(".fi")
            lines += options(command.options)
        }
        lines.append(".SH GLOBAL OPTIONS")
        lines += options(GlobalOptions.all)
        lines.append(".SH EXIT STATUS")
        for code in ExitCode.allCases {
            lines.append(".TP")
            lines.append(".B \(code.rawValue)")
            lines.append(escaped(code.meaning))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private static func options(_ options: [OptionSpec]) -> [String] {
        options.filter(\.listed).flatMap { option in
            [".TP", ".B \(escaped(option.synopsis))", escaped(option.help)]
        }
    }

    /// `text` safe in a troff line: backslashes doubled, hyphens as `\-`, a leading dot or quote guarded.
    static func escaped(_ text: String) -> String {
        let body = text.replacingEvery("\\", with: "\\e").replacingEvery("-", with: "\\-")
        return body.hasPrefix(".") || body.hasPrefix("'") ? "\\&" + body : body
    }
}
