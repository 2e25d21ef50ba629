"""The scratch package that check-readme-snippets.sh and check-docc-snippets.sh compile their
Swift samples in: each sample a target of its own, depending on this checkout's products."""
import os, re

TARGET_CALLS = {"test": ".testTarget", "executable": ".executableTarget", "library": ".target"}


def curtain_imports(code):
    """The Curtain modules and Testing that `code` imports, in order, once each."""
    return list(dict.fromkeys(re.findall(r"^import (Curtain\w*|Testing)$", code, flags=re.M)))


def kind_of(code, imports):
    """A complete sample's target kind: a test when it imports Testing, an executable with
    `@main`, else a library."""
    return "test" if "Testing" in imports else "executable" if "@main" in code else "library"


def write_sample(scratch, name, kind, source):
    """Writes `source` as target `name`'s one file (under Tests/ for a test, else Sources/)."""
    folder = os.path.join(scratch, "Tests" if kind == "test" else "Sources", name)
    os.makedirs(folder, exist_ok=True)
    open(os.path.join(folder, f"{name}.swift"), "w", encoding="utf-8").write(source)


def write_package(scratch, repo, package_name, targets):
    """Package.swift for `targets`, (name, kind, products) each, with this checkout at `repo`
    as a path dependency (whose identity is its folder's name, lower-cased)."""
    identity = os.path.basename(os.path.normpath(repo)).lower()
    lines = []
    for name, kind, products in targets:
        dependencies = ", ".join(f'.product(name: "{p}", package: "{identity}")' for p in products)
        lines.append(f'        {TARGET_CALLS[kind]}(name: "{name}", dependencies: [{dependencies}]),')
    open(os.path.join(scratch, "Package.swift"), "w").write(f'''// swift-tools-version:6.0
import PackageDescription
let package = Package(
    name: "{package_name}",
    dependencies: [.package(path: "{repo}")],
    targets: [
{chr(10).join(lines)}
    ],
    swiftLanguageModes: [.v6]
)
''')
