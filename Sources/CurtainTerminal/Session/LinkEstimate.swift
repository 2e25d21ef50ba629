/// What the link to the terminal sustains, read from the answers to status requests (see
/// ``OutputPacing``): the round trip and the bytes delivered a second.
///
/// Each answered request is a sample: `bytes` written since the request before it, the time
/// from its sending to its answer. When it was sent after the answer before it, the link was
/// idle and the time is a round trip plus the bytes' delivery; when it was sent before that
/// answer came, it queued behind it and the time since that answer is the delivery alone (as
/// TCP's delivery-rate estimation takes the interval between acknowledgements). So
///
/// - the round trip is the shortest answer among the last ``roundTripWindow`` (a min filter:
///   a late answer never lengthens it);
/// - each sample of at least ``rateSampleBytes`` bytes gives a rate: its bytes over its
///   delivery time less the round trip (``minimumDelivery`` at least), and the rate is the
///   best of the last ``rateWindow`` samples (a max filter: a late answer on a busy machine
///   is outweighed by any sample before or after it).
///
/// The link ``isSlow`` once even the best sample in the window is under ``slowRate``, and the
/// window holds two samples or more, or one whose bytes took ``solidDelivery`` or longer (a
/// whole screen over a thin link: a busy machine delays an answer by a scheduling slice or
/// two, not by half a second). A long round trip over a fast link is not slow: a frame's bytes are
/// delivered in well under the round trip, and the rate is high.
struct LinkEstimate: Sendable, Equatable {
    /// Bytes a second under which the link is slow: a 2.5 KB animation frame (a slide's step at
    /// 80 × 24) would take longer than three 60 Hz frames.
    static let slowRate = 50_000.0
    /// Samples of fewer bytes are dominated by the round trip and give no rate (a clock tick is
    /// 50 bytes, an animation frame one to ten thousand).
    static let rateSampleBytes = 1_000
    /// Rate samples kept; the best counts.
    static let rateWindow = 3
    /// Rate samples needed before the link can be slow, unless one took ``solidDelivery``.
    static let samplesForSlow = 2
    /// A delivery this long, in seconds, is evidence on its own.
    static let solidDelivery = 0.5
    /// Answers whose shortest is the round trip.
    static let roundTripWindow = 16
    /// The shortest delivery time a sample is taken to have, in seconds (clock resolution and
    /// scheduling: a frame delivered within the round trip is "fast", not infinitely so).
    static let minimumDelivery = 0.002

    /// The shortest of the last answers' times, in seconds.
    private(set) var roundTrip: Double?
    private var recentAnswerTimes: [Double] = []
    /// The last rate samples, bytes a second, oldest first.
    private(set) var rates: [Double] = []
    /// Whether one of the samples in the window took ``solidDelivery`` or longer.
    private var deliveries: [Double] = []
    /// When the answer before the next one came: the start of a queued sample's delivery.
    private var previousAnswerAt: Double?

    /// The best rate lately, bytes a second; nil before a frame large enough was answered.
    var rate: Double? { rates.max() }

    var isSlow: Bool {
        guard rates.count >= Self.samplesForSlow || deliveries.contains(where: { $0 >= Self.solidDelivery }),
              let rate else { return false }
        return rate < Self.slowRate
    }

    /// How many bytes may be in flight: twice what the link holds (rate × round trip), nil
    /// while either is unknown (then one request at a time).
    var budget: Int? {
        guard let rate, let roundTrip, !isSlow else { return nil }
        return Int(2 * rate * roundTrip)
    }

    /// A request sent at `sentAt` after `bytes` bytes was answered at `now`.
    mutating func answered(sentAt: Double, bytes: Int, at now: Double) {
        defer { previousAnswerAt = now }
        let queued = previousAnswerAt.map { sentAt < $0 } ?? false
        let time = now - (queued ? previousAnswerAt ?? sentAt : sentAt)
        if !queued {
            recentAnswerTimes.append(max(time, 0))
            if recentAnswerTimes.count > Self.roundTripWindow { recentAnswerTimes.removeFirst() }
            roundTrip = recentAnswerTimes.min()
        }
        guard bytes >= Self.rateSampleBytes else { return }
        let delivery = max(time - (queued ? 0 : roundTrip ?? 0), Self.minimumDelivery)
        rates.append(Double(bytes) / delivery)
        deliveries.append(delivery)
        if rates.count > Self.rateWindow {
            rates.removeFirst()
            deliveries.removeFirst()
        }
    }

    /// Requests were taken as lost or forgotten: the next answer does not follow the last one.
    mutating func forgetPreviousAnswer() { previousAnswerAt = nil }
}
