/// How often a channel says it may be looked at: RSS 2.0's `<ttl>` (minutes) and the syndication
/// module's `sy:updatePeriod` (hourly, daily, weekly, monthly, yearly; daily when left out) and
/// `sy:updateFrequency` (times per period; 1 when left out), kept as written until the feed ends.
///
///     <ttl>60</ttl>                                            // 3600 s
///     <sy:updatePeriod>daily</sy:updatePeriod>
///     <sy:updateFrequency>4</sy:updateFrequency>               // 21600 s
///
/// A value that is not a positive number or a known period is ignored, as if it were not there.
struct SyndicationSchedule {
    var ttl: String?
    var period: String?
    var frequency: String?

    /// Seconds between two looks, the longer of the two ways when the feed gives both; nil when
    /// it says nothing usable.
    var interval: Double? {
        [ttlSeconds, syndicationSeconds].compactMap { $0 }.max()
    }

    private var ttlSeconds: Double? {
        ttl.flatMap(Self.positiveNumber).map { $0 * 60 }
    }

    private var syndicationSeconds: Double? {
        guard period != nil || frequency != nil else { return nil }
        let seconds: Double
        switch (period?.trimmingSpaces().lowercased() ?? "daily") {
        case "hourly": seconds = 3_600
        case "daily": seconds = 86_400
        case "weekly": seconds = 604_800
        case "monthly": seconds = 2_592_000
        case "yearly": seconds = 31_536_000
        default: return nil
        }
        guard let frequency else { return seconds }
        return Self.positiveNumber(frequency).map { seconds / $0 }
    }

    /// A whole number above zero, as feeds write them (spaces around it allowed).
    private static func positiveNumber(_ text: String) -> Double? {
        guard let number = Int(text.trimmingSpaces()), number > 0 else { return nil }
        return Double(number)
    }
}
