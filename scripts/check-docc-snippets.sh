#!/usr/bin/env bash
# Compiles every Swift sample of the DocC articles (Sources/*/*.docc/*.md) and of the doc
# comments of the library products (a ```swift block in `///` lines), each as its own target of
# a scratch package that depends on this checkout, so neither an article nor a symbol's
# documentation can show code that does not build — the sibling of check-readme-snippets.sh.
#
# A sample that imports a Curtain module is a complete file: compiled as it is (a test
# target when it imports Testing, an executable with `@main`, else a library). A sample
# without imports is a fragment: declarations alone (a class, a func) are compiled at file
# scope; statements are compiled inside an async throwing main-actor function. Either way the
# file imports every library product, Testing and Foundation, and a fragment may use these
# names without declaring them (the parameters of that function, and of one wrapping the
# declarations): app (App), scene (Scene), pane (PaneView), label and status (Label),
# log (Log), list (ListView), pilot (Pilot), view (View), theme (Theme), toast
# (ToastPresentationController), child (ChildProcess). Anything else a fragment uses, it
# declares.
#
# Usage: scripts/check-docc-snippets.sh [scratch-dir]   (called by .ci/run)
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
scratch=${1:-$(mktemp -d /tmp/curtain-docc.XXXXXX)}
rm -rf "$scratch/Sources" "$scratch/Tests"
mkdir -p "$scratch"

python3 - "$repo" "$scratch" <<'PY'
import glob, os, re, sys
repo, scratch = sys.argv[1:3]
sys.dont_write_bytecode = True   # no __pycache__ in the checkout
sys.path.insert(0, os.path.join(repo, "scripts"))
from snippet_package import curtain_imports, kind_of, write_package, write_sample
libraries = ["Curtain", "CurtainLayout", "CurtainScreen", "CurtainTerminal", "CurtainProcess", "CurtainTesting"]
context = ("app: App, scene: Scene, pane: PaneView, label: Label, status: Label, log: Log, "
           "list: ListView, pilot: Pilot, view: View, theme: Theme, toast: ToastPresentationController, "
           "child: ChildProcess")
header = "".join(f"import {m}\n" for m in libraries + ["Foundation", "Testing"])
declaration = re.compile(r"^(///|//|@\w+|(public |open |final |private |fileprivate )*(class|struct|enum|extension|func|protocol|actor)\b)")
def doc_comment_text(path):
    """The doc comments of a Swift file as Markdown: each `///` line without its marker, the
    other lines as blank lines (so a sample never runs from one comment into the next)."""
    lines = []
    for line in open(path, encoding="utf-8"):
        stripped = line.strip()
        lines.append(re.sub(r"^/// ?", "", stripped) + "\n" if stripped.startswith("///") else "\n")
    return "".join(lines)

documents = [(article, open(article, encoding="utf-8").read())
             for article in sorted(glob.glob(os.path.join(repo, "Sources", "*", "*.docc", "*.md")))]
documents += [(source, doc_comment_text(source))
              for library in libraries
              for source in sorted(glob.glob(os.path.join(repo, "Sources", library, "**", "*.swift"), recursive=True))]
targets = []
for document, text in documents:
    where = os.path.relpath(document, repo)
    for index, code in enumerate(re.findall(r"^```swift\n(.*?)^```", text, flags=re.S | re.M), 1):
        base = re.sub(r"\W", "", os.path.splitext(os.path.basename(document))[0])
        name = f"{base}{'Article' if document.endswith('.md') else 'Doc'}{index}"
        while name in (t[0] for t in targets): name += "x"   # View+Task.swift and ViewTask.swift
        imports = curtain_imports(code)
        if any(i.startswith("Curtain") for i in imports):
            kind = kind_of(code, imports)
            products = [i for i in imports if i.startswith("Curtain")]
            source = code
        else:
            kind, products = "library", libraries
            lines = [l for l in code.splitlines() if l.strip()]
            if lines and all(declaration.match(l) or l.startswith((" ", "}")) for l in lines):
                source = header + code
            else:
                body = "\n".join("        " + l for l in code.splitlines())
                source = (header + "\n@MainActor func sample(" + context + ") async throws {\n"
                          + "    do {\n" + body + "\n    }\n}\n")
        write_sample(scratch, name, kind, f"// {where}, sample {index}\n" + source)
        targets.append((name, kind, products))
if not targets:
    sys.exit("check-docc-snippets: no Swift sample in any DocC article or doc comment")
write_package(scratch, repo, "DocCSamples", targets)
print(f"check-docc-snippets: {len(targets)} samples: " + ", ".join(f"{n} ({k})" for n, k, _ in targets))
PY

cd "$scratch"
if ! swift build --build-tests > build.log 2>&1; then
    grep -E "error:" -A3 build.log | grep -v "prohibited flag" | head -n 60 >&2
    echo "check-docc-snippets: a documentation sample does not compile (each file names its article or source file; the scratch package is $scratch)" >&2
    exit 1
fi
echo "check-docc-snippets: every Swift sample of the DocC articles and doc comments compiles"
