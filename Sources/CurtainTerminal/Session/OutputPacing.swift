/// Frames for a terminal that shows them slower than the program makes them (SSH over a thin
/// link): keeps about one frame in flight, so the screen reaches its final state soon after the
/// last change instead of after a queue of stale animation frames.
///
/// How far behind the terminal is cannot be read from the pseudo-terminal (`TIOCOUTQ` reads 0
/// whatever is queued, and sshd empties the buffer into its own, megabytes deep), but a round
/// trip through the terminal tells: it answers a device status request (`ESC [ 5 n`) with
/// `ESC [ 0 n` once it has processed everything sent before it. So every frame drawn is followed
/// by a request; while one is unanswered the terminal is behind, and the session keeps only the
/// latest frame (animations go on advancing, nothing is drawn); when the answer comes the kept
/// frame is drawn at once. The final frame of every change is therefore always drawn, one round
/// trip after the one before it at most. On a terminal that keeps up, the answer arrives long
/// before the next frame (a 60 Hz frame is 16 ms apart) and nothing changes but 4 bytes a frame.
///
/// The answers also tell what the link sustains (``LinkEstimate``): each request carries the
/// bytes written since the request before it, so its answer is a delivery sample — bytes over
/// the time they took beyond the round trip, the round trip being the shortest answer lately
/// (TCP's delivery-rate estimation; BBR's max-filtered rate and min-filtered round trip). While
/// the estimate allows it, more than one frame is in flight: up to twice the bytes the link
/// holds (rate × round trip), so a long round trip over a fast link still sees every
/// animation frame. ``isSlow`` while the best of the last few samples, two at least, is under
/// ``LinkEstimate/slowRate``: over such a link the app makes transitions instant (see
/// `App.reducesMotionOverSlowLinks`), since every frame between the first and the last would
/// be skipped anyway and the first would only delay the last. A round trip alone never makes a
/// link slow, and neither does one late answer on a busy machine.
///
/// Pacing starts with the first answer: a request sent at start (with the synchronized-output
/// query) finds out whether the terminal answers at all. A terminal that never answers gets
/// every frame, as before, and one request more, after the first frame. An answer that never
/// comes (lost to a suspension, a terminal that stopped answering) holds a kept frame back for ``patience`` at
/// most — a second, whatever the frames in flight changed: a frozen screen is worse than a
/// queue on a thin link, where the late answer brings the pacing back anyway. After
/// ``silentLimit`` such waits in a row without any answer, pacing stops until an answer arrives
/// again.
///
/// A small frame on its own — at most ``loneFrameCells`` cells, ``loneFrameGap`` after the
/// frame before it, nothing in flight, the last answer less than ``answerFreshness`` old and
/// none lost since — goes without a request: an idle clock tick cannot queue up on any link,
/// and the next frame soon after it is followed by a request as usual. So an idle 1 Hz clock
/// asks once every 10 s instead of every second (bytes a tick: docs/PERFORMANCE.md), and a link
/// that turned slow is still noticed within 10 s when nothing else moves.
struct OutputPacing: Sendable {
    /// The request: device status report (DSR).
    static let request = Array("\u{1B}[5n".utf8)
    /// How many waits in a row may end without an answer before pacing stops.
    static let silentLimit = 3
    /// Requests in flight at most, however fast the link.
    static let maximumInFlight = 16

    /// True once the terminal has answered a request: frames are paced from then on.
    private(set) var isActive = false
    /// When each request not answered yet was sent, oldest first, and the bytes written since
    /// the request before it, itself included (terminals answer in order).
    private var requests: [(sentAt: Double, bytes: Int)] = []
    /// Bytes written since the last request: lone frames, and the frame a request will follow.
    private var unrequestedBytes = 0
    /// The oldest request of a wait that ran out, and until when its late answer still counts
    /// as a delivery sample (the pacing itself takes the answer for the next request's).
    private var given: [(sentAt: Double, bytes: Int, until: Double)] = []
    /// How long after a wait ran out a late answer still measures the link, in seconds. An
    /// answer truly lost (swallowed by a paste cut short) makes the next answer a sample this
    /// long at most, too slow by the patience: at worst the link seems slow until a big frame
    /// is answered in time.
    static let lateAnswerWindow = 2.0
    /// Whether the first frame before any answer was followed by a request.
    private var askedBeforeAnswers = false
    /// What the answers tell of the link.
    private(set) var link = LinkEstimate()
    /// Requests sent and not answered yet.
    var outstanding: Int { requests.count }
    /// When the wait for the oldest unanswered request began, on the session's clock.
    private(set) var waitingSince: Double?
    /// Whether the link sustains too few bytes a second for animations (see ``LinkEstimate``).
    var isSlow: Bool { link.isSlow }
    /// Waits in a row that ended without an answer.
    private var silentWaits = 0
    /// When the last frame was drawn, and when the last answer came.
    private var lastDrawnAt: Double?
    private var lastAnswerAt: Double?

    /// A frame of at most this many cells may be a lone frame (a clock tick changes two to eight).
    static let loneFrameCells = 16
    /// How long after the frame before it a small frame is alone, in seconds.
    static let loneFrameGap = 0.5
    /// How old the last answer may be for a lone frame to go without a request, in seconds.
    static let answerFreshness = 10.0

    /// Whether a frame may be drawn now: the terminal has answered for everything drawn before,
    /// or the bytes in flight are within what the link holds (see ``LinkEstimate/budget``), or
    /// frames are not paced.
    var mayDraw: Bool {
        guard isActive, outstanding > 0 else { return true }
        guard outstanding < Self.maximumInFlight, silentWaits == 0, let budget = link.budget else { return false }
        return bytesInFlight < budget
    }

    /// Bytes written and not answered for yet.
    var bytesInFlight: Int { requests.reduce(0) { $0 + $1.bytes } }

    /// The request sent at start, before anything is known.
    mutating func probed(at now: Double) {
        requests.append((now, Self.request.count))
        waitingSince = waitingSince ?? now
    }

    /// A frame of `cells` changed cells, `bytes` long, was drawn; returns whether a request
    /// follows it (its bytes are then counted with the frame's).
    mutating func drew(cells: Int, bytes: Int, at now: Double) -> Bool {
        let previous = lastDrawnAt
        lastDrawnAt = now
        guard isActive else {
            // The first frame drawn while the start's request is unanswered (it went out when
            // the start-up answers were late) is followed by a request too: its answer is the
            // first delivery sample. One, so a terminal that never answers gets two in all.
            guard !askedBeforeAnswers, outstanding > 0, silentWaits == 0 else { return false }
            askedBeforeAnswers = true
            requests.append((now, bytes + Self.request.count))
            return true
        }
        unrequestedBytes += bytes
        if isLone(cells: cells, at: now, previous: previous) { return false }
        if outstanding == 0 { waitingSince = now }
        requests.append((now, unrequestedBytes + Self.request.count))
        unrequestedBytes = 0
        return true
    }

    /// Whether a frame of `cells` drawn at `now` is a lone frame that needs no request.
    private func isLone(cells: Int, at now: Double, previous: Double?) -> Bool {
        guard outstanding == 0, silentWaits == 0, cells <= Self.loneFrameCells,
              let previous, now - previous >= Self.loneFrameGap,
              let lastAnswerAt, now - lastAnswerAt < Self.answerFreshness else { return false }
        return true
    }

    /// The terminal answered a request.
    mutating func answered(at now: Double) {
        isActive = true
        lastAnswerAt = now
        silentWaits = 0
        if let record = given.first {
            // Terminals answer in order: the first answer after a wait ran out is the oldest
            // request's, late (a whole screen over a thin link takes longer than the patience).
            given.removeFirst()
            if now <= record.until { link.answered(sentAt: record.sentAt, bytes: record.bytes, at: now) }
            if !requests.isEmpty { requests.removeFirst() }
        } else if !requests.isEmpty {
            let request = requests.removeFirst()
            link.answered(sentAt: request.sentAt, bytes: request.bytes, at: now)
        }
        waitingSince = outstanding == 0 ? nil : now
    }

    /// When a kept frame stops waiting for the answer: nil while nothing is awaited.
    var giveUpTime: Double? {
        guard isActive, outstanding > 0, let waitingSince else { return nil }
        return waitingSince + Self.patience
    }

    /// How long a kept frame waits for an answer, in seconds, at most: however many cells are
    /// in flight (it was a second more per thousand cells, and a lost answer froze a large
    /// screen for half a minute).
    static let patience = 1.0

    /// The wait ended without an answer: the requests in flight are taken as lost (an answer
    /// that still comes counts for the next one). After ``silentLimit`` such waits in a row the
    /// terminal is taken not to answer any more, and frames are no longer paced.
    mutating func gaveUp() {
        silentWaits += 1
        if let oldest = requests.first, given.isEmpty {
            given = [(oldest.sentAt, oldest.bytes, (waitingSince ?? oldest.sentAt) + Self.patience + Self.lateAnswerWindow)]
        }
        requests.removeAll()
        link.forgetPreviousAnswer()
        waitingSince = nil
        if silentWaits >= Self.silentLimit { isActive = false }
    }

    /// After a suspension: answers to requests sent before it went to the shell, if anywhere.
    mutating func forgetRequests() {
        requests.removeAll()
        given.removeAll()
        link.forgetPreviousAnswer()
        waitingSince = nil
    }
}
