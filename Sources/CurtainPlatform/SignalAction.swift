/// A `struct sigaction`, whose handler field is laid out differently per C library: glibc and
/// musl name the union `__sigaction_handler` (fields `sa_handler`, `sa_sigaction`), Darwin
/// `__sigaction_u` (fields `__sa_handler`, `__sa_sigaction`; `sa_handler` is a C macro Swift
/// does not see). Everything else here is POSIX.
///
/// Every member is async-signal-safe: handlers build and inspect actions with them.
package typealias SignalAction = sigaction

/// A handler that takes the signal's details (`SA_SIGINFO`).
package typealias SignalInfoHandler =
    @convention(c) (Int32, UnsafeMutablePointer<siginfo_t>?, UnsafeMutableRawPointer?) -> Void

/// A plain handler (`SIG_DFL` and `SIG_IGN` are such values: 0 and 1).
package typealias SignalHandler = @convention(c) (Int32) -> Void

/// What a signal action does.
package enum SignalDisposition: Equatable, Sendable {
    case byDefault
    case ignored
    /// A function of the program's (a plain or an `SA_SIGINFO` handler).
    case handled
}

extension SignalAction {
    /// The default action (`SIG_DFL`), with an empty mask and no flags.
    package static var byDefault: SignalAction { plain(nil) }

    /// Ignore the signal (`SIG_IGN`).
    package static var ignoring: SignalAction { plain(SIG_IGN) }

    /// `handler` as a plain handler, with an empty mask and no flags.
    package static func plain(_ handler: SignalHandler?) -> SignalAction {
        var action = SignalAction()
        action.plainHandler = handler
        sigemptyset(&action.sa_mask)
        return action
    }

    /// `handler` with the signal's details: `SA_SIGINFO` and `flags`, an empty mask.
    package static func withInfo(_ handler: SignalInfoHandler, flags: Int32 = 0) -> SignalAction {
        var action = SignalAction()
        action.infoHandler = handler
        sigemptyset(&action.sa_mask)
        action.sa_flags = SA_SIGINFO | flags
        return action
    }

    /// The handler field read as a plain handler (nil is `SIG_DFL`).
    package var plainHandler: SignalHandler? {
        get {
            #if canImport(Darwin)
            __sigaction_u.__sa_handler
            #elseif canImport(Glibc)
            __sigaction_handler.sa_handler
            #endif
        }
        set {
            #if canImport(Darwin)
            __sigaction_u.__sa_handler = newValue
            #elseif canImport(Glibc)
            __sigaction_handler.sa_handler = newValue
            #endif
        }
    }

    /// The handler field read as an `SA_SIGINFO` handler (meaningful when `sa_flags` has it).
    package var infoHandler: SignalInfoHandler? {
        get {
            #if canImport(Darwin)
            __sigaction_u.__sa_sigaction
            #elseif canImport(Glibc)
            __sigaction_handler.sa_sigaction
            #endif
        }
        set {
            #if canImport(Darwin)
            __sigaction_u.__sa_sigaction = newValue
            #elseif canImport(Glibc)
            __sigaction_handler.sa_sigaction = newValue
            #endif
        }
    }

    /// Default, ignored, or a handler of the program's.
    package var disposition: SignalDisposition {
        switch unsafeBitCast(plainHandler, to: Int.self) {
        case 0: .byDefault
        case 1: .ignored
        default: .handled
        }
    }

    /// Calls the handler this action names as the kernel would (with the details when it is
    /// an `SA_SIGINFO` handler). Does nothing for the default action or an ignored signal.
    package func callHandler(_ signal: Int32, _ info: UnsafeMutablePointer<siginfo_t>?,
                             _ context: UnsafeMutableRawPointer?) {
        guard disposition == .handled else { return }
        if sa_flags & SA_SIGINFO != 0 {
            infoHandler?(signal, info, context)
        } else {
            plainHandler?(signal)
        }
    }

    /// The action in place for `signal` now, or nil when `signal` is not a valid number.
    package static func current(_ signal: Int32) -> SignalAction? {
        var action = SignalAction()
        return sigaction(signal, nil, &action) == 0 ? action : nil
    }

    /// Puts `self` in place for `signal`; the action it replaced, or nil when it failed
    /// (an invalid signal, or SIGKILL/SIGSTOP).
    @discardableResult
    package func install(_ signal: Int32) -> SignalAction? {
        var action = self
        var previous = SignalAction()
        return sigaction(signal, &action, &previous) == 0 ? previous : nil
    }
}
