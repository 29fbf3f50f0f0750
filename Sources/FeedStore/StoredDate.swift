import Foundation

/// Dates are stored as REAL seconds since 1970 so that they order numerically.
enum StoredDate {
    static func value(_ date: Date?) -> Double? { date?.timeIntervalSince1970 }
    static func date(_ value: Double?) -> Date? { value.map(Date.init(timeIntervalSince1970:)) }
}
