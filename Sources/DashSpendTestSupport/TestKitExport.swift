// The loopback server and the in-memory credential store live in the implementers' kit; tests that import
// this module keep seeing them without a second import.
@_exported import DashSpendTestKit
