import CSQLite
import DashSpendLocking

extension SQLiteConnection {
    /// Defines the SQL function `name(text)` on this connection: `transform` of its text argument, NULL for
    /// NULL. Deterministic and free of side effects, so SQLite may call it as often as a query needs.
    package func defineTextFunction(_ name: String, _ transform: @escaping @Sendable (String) -> String)
        throws(SQLiteError)
    {
        let box = Unmanaged.passRetained(TextFunction(transform)).toOpaque()
        let code = lock.withLock { _ in
            sqlite3_create_function_v2(
                handle, name, 1, SQLITE_UTF8 | SQLITE_DETERMINISTIC | SQLITE_INNOCUOUS, box,
                { context, count, values in
                    guard let context, let box = sqlite3_user_data(context) else { return }
                    let function = Unmanaged<TextFunction>.fromOpaque(box).takeUnretainedValue()
                    guard count == 1, let value = values?[0], sqlite3_value_type(value) != SQLITE_NULL,
                        let text = sqlite3_value_text(value)
                    else { return sqlite3_result_null(context) }
                    sqlite3_result_text(context, function.transform(String(cString: text)), -1, SQLITE_TRANSIENT)
                }, nil, nil,
                { box in
                    guard let box else { return }
                    Unmanaged<TextFunction>.fromOpaque(box).release()
                })
        }
        guard code == SQLITE_OK else { throw SQLiteError(code: code, connection: handle) }
    }
}

/// The Swift closure behind a function of ``SQLiteConnection/defineTextFunction(_:_:)``, kept alive by SQLite
/// until the connection closes.
private final class TextFunction: Sendable {
    let transform: @Sendable (String) -> String

    init(_ transform: @escaping @Sendable (String) -> String) {
        self.transform = transform
    }
}
