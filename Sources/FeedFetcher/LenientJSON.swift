import Foundation

/// Readers of JSON fields (from `JSONSerialization`) that take what servers send rather than what
/// their documentation says: ids as numbers or strings, flags as 0/1, booleans or strings. A field
/// of an unexpected type reads as absent, so that one odd field never fails a whole sync.
///
///     LenientJSON.integer("42")      // 42
///     LenientJSON.flag("true")       // true
///     LenientJSON.idList("1, 2,x")   // [1, 2]
enum LenientJSON {
    /// A number, or a string of digits.
    static func integer(_ value: Any?) -> Int64? {
        switch value {
        case let number as NSNumber:
            let double = number.doubleValue
            return double.isFinite && double.rounded() == double && abs(double) < 9e15 ? number.int64Value : nil
        case let string as String:
            return Int64(string.trimmingCharacters(in: .whitespaces))
        default:
            return nil
        }
    }

    /// 1/0, true/false, "1"/"0", "true"/"false"; anything else is false.
    static func flag(_ value: Any?) -> Bool {
        switch value {
        case let bool as Bool: return bool
        case let string as String:
            let word = string.trimmingCharacters(in: .whitespaces).lowercased()
            return word == "true" || (Int64(word).map { $0 != 0 } ?? false)
        default: return integer(value).map { $0 != 0 } ?? false
        }
    }

    static func text(_ value: Any?) -> String? {
        switch value {
        case let string as String: return string
        case let number as NSNumber: return number.stringValue
        default: return nil
        }
    }

    static func nonEmptyText(_ value: Any?) -> String? {
        text(value).flatMap { $0.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty ? nil : $0 }
    }

    /// `"1,2,3"` (the API's own spelling), `""`, or an array of numbers or strings. Nil when the
    /// field is missing or of another type.
    static func idList(_ value: Any?) -> [Int64]? {
        switch value {
        case let string as String:
            return string.split(separator: ",").compactMap { Int64($0.trimmingCharacters(in: .whitespaces)) }
        case let array as [Any]:
            return array.compactMap { integer($0) }
        case let number as NSNumber:
            return integer(number).map { [$0] }
        default:
            return nil
        }
    }

    static func objects(_ value: Any?) -> [[String: Any]] {
        (value as? [Any])?.compactMap { $0 as? [String: Any] } ?? []
    }

    /// An RFC 3339 time as Go and Rails write it (`2024-01-01T10:00:00.123456+02:00`, `…Z`), to
    /// the microsecond; nil for none and for the zero time Miniflux writes for none
    /// (`0001-01-01T00:00:00Z`).
    static func date(_ value: Any?) -> Date? {
        guard var text = LenientJSON.nonEmptyText(value) else { return nil }
        var fraction = 0.0
        if let dot = text.firstIndex(of: ".") {
            let fractionEnd = text[dot...].dropFirst().firstIndex { !$0.isNumber } ?? text.endIndex
            fraction = Double("0" + text[dot..<fractionEnd]) ?? 0
            text.removeSubrange(dot..<fractionEnd)
        }
        guard let date = ISO8601DateFormatter().date(from: text), date.timeIntervalSince1970 > 0 else { return nil }
        return date.addingTimeInterval(fraction)
    }
}
