/// `help`'s own option.
enum HelpOptions {
    /// `help --man`: the manual page, in troff.
    static let man = Flag("--man", help: "with help: the manual page (troff; `merchant-lookup help --man | man -l -`)")
}
