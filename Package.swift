// swift-tools-version:6.2
import PackageDescription

let package = Package(
    name: "Curtain",
    // macOS 15: Synchronization's `Mutex` and `Atomic` (the signal-safe tables, the output
    // channel, the poster's stack) are there from macOS 15 on, and Curtain uses them throughout;
    // `Duration`, `Task.sleep(for:)` and actors need less. Swift 6.2 (the tools version): the
    // code uses `Task.immediate`, `isolated deinit` and `nonisolated(nonsending)`.
    platforms: [.macOS(.v15)],
    products: [
        // Pure geometry, text measurement, wrapping, layout nodes, grids, presentation frames.
        .library(name: "CurtainLayout", targets: ["CurtainLayout"]),
        // The cell buffer everything draws into, its diff, and a headless screen for tests.
        .library(name: "CurtainScreen", targets: ["CurtainScreen"]),
        // Scenes, presentation controllers, dimming, transitions, springs, focus.
        .library(name: "Curtain", targets: ["Curtain"]),
        // The ncurses backend: draws cell diffs, reads keys, restores the terminal.
        .library(name: "CurtainTerminal", targets: ["CurtainTerminal"]),
        // Recordings drawn from the cells themselves: animated SVG and GIF, PNG screenshots.
        .library(name: "CurtainRecording", targets: ["CurtainRecording"]),
        // Child processes on a pseudo-terminal: lines off the main actor, a group stopped as one.
        .library(name: "CurtainProcess", targets: ["CurtainProcess"]),
        // The test pilot: drive an app headless, read its screen. No dependency outside the
        // toolchain: a test target that imports it builds in seconds.
        .library(name: "CurtainTesting", targets: ["CurtainTesting"]),
        // Snapshots of a pilot's screen, on swift-snapshot-testing (which brings swift-syntax).
        .library(name: "CurtainSnapshotTesting", targets: ["CurtainSnapshotTesting"]),
        .executable(name: "curtain-demo", targets: ["curtain-demo"]),
        .executable(name: "curtain-bench", targets: ["curtain-bench"]),
        // The example programs.
        .executable(name: "curtain-browser", targets: ["curtain-browser"]),
        .executable(name: "curtain-chat", targets: ["curtain-chat"]),
        .executable(name: "curtain-procs", targets: ["curtain-procs"]),
    ],
    dependencies: [
        .package(url: "https://github.com/x-sheep/swift-property-based.git", from: "2.0.1"),
        .package(url: "https://github.com/pointfreeco/swift-snapshot-testing", from: "1.19.7"),
        // `swift package generate-documentation --target Curtain` (the DocC catalog).
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    ],
    targets: [
        // ncurses 6.0 to 6.5 (Modules/CNcurses/shim.h). pkg-config gives the include path and
        // the library (the module map links none: see there); Homebrew's ncurses is keg-only,
        // so PKG_CONFIG_PATH="$(brew --prefix ncurses)/lib/pkgconfig" selects it.
        .systemLibrary(
            name: "CNcurses",
            path: "Modules/CNcurses",
            pkgConfig: "ncursesw",
            providers: [.apt(["libncurses-dev"]), .brew(["ncurses"])]
        ),
        // The wide-character half of the ncurses shim (cchar_t and the calls that take it), compiled
        // with the macros that make any ncurses header declare them — on macOS the SDK's header is
        // a module of its own, which only command-line macros reach (CNcursesWide.h).
        .target(
            name: "CNcursesWide",
            dependencies: ["CNcurses"],
            path: "Modules/CNcursesWide",
            cSettings: [.define("NCURSES_WIDECHAR", to: "1"), .define("_XOPEN_SOURCE_EXTENDED", to: "1")]
        ),
        // The system layer: the one place that talks to the operating system and the only code
        // with a platform #if — the readiness wait, the clock, descriptor pairs, the spawner, the
        // reaper, the child groups' tracker and watchdog, signal actions, threads, ioctls
        // (docs/ARCHITECTURE.md, "The system layer"). Its C half is CCurtainPlatform.
        .target(name: "CCurtainPlatform"),
        .target(name: "CurtainPlatform", dependencies: ["CCurtainPlatform"]),
        .target(name: "CurtainLayout"),
        .target(name: "CurtainScreen", dependencies: ["CurtainLayout", "CurtainPlatform"]),
        .target(name: "Curtain", dependencies: ["CurtainLayout", "CurtainScreen", "CurtainPlatform"]),
        // FreeType draws the glyphs of GIF and PNG recordings; zlib compresses PNG files (the
        // system's: Linux and the macOS SDK both have libz, with no .pc file on macOS).
        .systemLibrary(
            name: "CFreeType",
            path: "Modules/CFreeType",
            pkgConfig: "freetype2",
            providers: [.apt(["libfreetype-dev"]), .brew(["freetype"])]
        ),
        .systemLibrary(name: "CZlib", path: "Modules/CZlib", providers: [.apt(["zlib1g-dev"])]),
        // Pictures of recordings from the cells: SVG, GIF and PNG.
        .target(name: "CurtainRecording", dependencies: ["CurtainLayout", "CurtainScreen", "CurtainPlatform", "CFreeType", "CZlib"]),
        .target(
            name: "CurtainTerminal",
            dependencies: ["Curtain", "CurtainScreen", "CurtainPlatform", "CurtainRecording", "CNcurses", "CNcursesWide"],
            // macOS's own ncurses (6.0, one libncurses with the wide functions) has no .pc file.
            // With Homebrew's, -lncurses finds its libncurses, a link to the libncursesw that
            // pkg-config names, so both name the same library.
            linkerSettings: [.linkedLibrary("ncurses", .when(platforms: [.macOS]))]
        ),
        .target(name: "CurtainProcess", dependencies: ["Curtain", "CurtainLayout", "CurtainPlatform"]),
        .target(name: "CurtainTesting", dependencies: ["Curtain", "CurtainLayout", "CurtainScreen"]),
        .target(
            name: "CurtainSnapshotTesting",
            dependencies: [
                "Curtain", "CurtainTesting",
                .product(name: "SnapshotTesting", package: "swift-snapshot-testing"),
            ]
        ),
        .target(
            name: "CurtainDemoKit",
            dependencies: ["Curtain", "CurtainLayout", "CurtainScreen", "CurtainTerminal", "CurtainRecording", "CurtainPlatform"],
            resources: []
        ),
        .executableTarget(
            name: "curtain-demo",
            dependencies: [
                "CurtainDemoKit",
                "CurtainLayout",
                "CurtainScreen",
                "CurtainTerminal",
                "CurtainPlatform",
            ],
            // A static release executable (see staticReleaseExecutable, at the end).
            linkerSettings: [
                // The frame registration of a static link skipped (StaticUnwindTables.swift).
                .unsafeFlags(
                    ["-Xlinker", "--eh-frame-hdr",
                     "-Xlinker", "--wrap=__register_frame_info", "-Xlinker", "--wrap=__deregister_frame_info"],
                    .when(platforms: [.linux], configuration: .release)),
            ] + staticReleaseExecutable
        ),
        .executableTarget(
            name: "curtain-bench",
            dependencies: ["CurtainDemoKit", "Curtain", "CurtainScreen", "CurtainTerminal", "CurtainPlatform"]
        ),
        // Example programs: each a complete program on the public API alone.
        .executableTarget(name: "curtain-browser", dependencies: ["Curtain", "CurtainTerminal", "CurtainPlatform"]),
        .executableTarget(name: "curtain-chat", dependencies: ["Curtain", "CurtainTerminal"]),
        .executableTarget(
            name: "curtain-procs",
            dependencies: ["Curtain", "CurtainTerminal", "CurtainProcess", "CurtainPlatform"],
            // One static executable, as the demo: a process runner stays resident beside what
            // it runs (peak memory: docs/PERFORMANCE.md, "Memory").
            linkerSettings: staticReleaseExecutable
        ),
        // Work from outside the loop, each way a program reaches the main actor: the end-to-end
        // tests' program (not a product).
        .executableTarget(name: "curtain-hears", dependencies: ["Curtain", "CurtainProcess", "CurtainTerminal", "CurtainPlatform"]),
        // SplitMix and other helpers shared by the test targets (not a product).
        .target(name: "CurtainTestSupport", dependencies: ["CurtainScreen", "CurtainPlatform", "CZlib"], path: "Tests/TestSupport"),
        .testTarget(
            name: "CurtainLayoutTests",
            dependencies: [
                "CurtainLayout", "CurtainPlatform",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ]
        ),
        .testTarget(
            name: "CurtainScreenTests",
            dependencies: [
                "CurtainScreen", "CurtainTestSupport", "CurtainPlatform",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ]
        ),
        .testTarget(
            name: "CurtainTests",
            dependencies: [
                "Curtain", "CurtainTesting", "CurtainSnapshotTesting", "CurtainTestSupport", "CurtainPlatform",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ],
            exclude: ["Runtime/__Snapshots__"]
        ),
        .testTarget(name: "CurtainRecordingTests", dependencies: ["CurtainRecording", "CurtainScreen", "CurtainLayout", "CurtainPlatform", "CurtainTestSupport"]),
        .testTarget(name: "CurtainPlatformTests", dependencies: ["CurtainPlatform", "CurtainTestSupport"]),
        .testTarget(name: "CurtainProcessTests", dependencies: ["CurtainProcess", "Curtain", "CurtainTesting", "CurtainPlatform", "CurtainTestSupport"]),
        .testTarget(name: "CurtainTerminalTests", dependencies: ["CurtainTerminal", "CurtainPlatform", "CNcurses", "CNcursesWide", "CurtainTestSupport"]),
        .testTarget(
            name: "CurtainDemoTests",
            dependencies: ["CurtainDemoKit", "CurtainTesting", "curtain-demo", "curtain-browser", "curtain-chat", "curtain-hears", "curtain-procs", "CurtainTestSupport", "CurtainPlatform", "CurtainRecording"]
        ),
    ],
    swiftLanguageModes: [.v6]
)

/// Release builds of the programs that run for long (the demo, curtain-procs) are one static
/// executable on Linux: the Swift runtime, libc, libstdc++, ncurses and FreeType
/// linked in, so only the code the program calls is mapped, nothing is relocated at start and
/// libstdc++'s initialisers do not run (peak memory: docs/PERFORMANCE.md). Debug builds stay
/// dynamic: the test bundle links the programs' code next to Foundation, which a static runtime
/// would clash with.
var staticReleaseExecutable: [LinkerSetting] {
    let release = BuildSettingCondition.when(platforms: [.linux], configuration: .release)
    return [
        .unsafeFlags(["-static-executable"], release),
        // FreeType's own dependencies, which its pkg-config entry names only with --static.
        .linkedLibrary("png16", release),
        .linkedLibrary("brotlidec", release),
        .linkedLibrary("brotlicommon", release),
        .linkedLibrary("z", release),
        .linkedLibrary("m", release),
    ]
}
