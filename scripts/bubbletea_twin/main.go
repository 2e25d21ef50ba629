// A Bubble Tea twin of curtain-demo's toast step, for scripts/toast-twin.py: the same cells
// (read from a dump of the demo's screen before and after `t`, TWIN_SCREENS), the toast sliding
// up over 0.3 s (CSS ease-out) clipped by its pane, the pane — border included — dimming toward
// the demo's final colours in TWIN_STEPS steps (4 by default; OKLab), the help bar changing as
// the demo's does, Bubble Tea's renderer at its 60 frames a second. Its settled screen is the
// demo's, cell by cell (the clock aside), so the bytes compare the two ways of drawing it.
//
//   apt-get install golang-go golang-github-charmbracelet-bubbletea-dev golang-github-charmbracelet-lipgloss-dev
//   GOPATH=/usr/share/gocode GO111MODULE=off go build -o /tmp/bubbletea-twin ./scripts/bubbletea_twin
//
// (Debian 12: Go 1.19, Bubble Tea 0.19.1, Lip Gloss 0.5.0.)
package main

import (
	"encoding/json"
	"fmt"
	"math"
	"os"
	"strconv"
	"strings"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"
	"github.com/muesli/termenv"
)

type cell struct {
	ch     string
	fg, bg string
	bold   bool
}

type screens struct {
	Before [][][]interface{} `json:"before"`
	After  [][][]interface{} `json:"after"`
}

func load(raw [][][]interface{}) [][]cell {
	out := make([][]cell, len(raw))
	for y, row := range raw {
		out[y] = make([]cell, len(row))
		for x, c := range row {
			out[y][x] = cell{c[0].(string), c[1].(string), c[2].(string), c[3].(bool)}
		}
	}
	return out
}

// The pane's inside (the dimmed area, and the toast's clip), the toast's final box.
const paneX0, paneY0, paneX1, paneY1 = 1, 1, 39, 11
const toastX0, toastY0, toastX1, toastY1 = 3, 6, 37, 9

var before, after [][]cell
var steps = 4

type tick time.Time
type model struct {
	shown   bool
	started time.Time
	done    bool
}

func (m model) Init() tea.Cmd { return nil }

func frame() tea.Cmd { return tea.Tick(time.Second/60, func(t time.Time) tea.Msg { return tick(t) }) }

func (m model) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.KeyMsg:
		switch msg.String() {
		case "ctrl+c", "q":
			return m, tea.Quit
		case "t":
			if !m.shown {
				m.shown, m.started = true, time.Now()
				return m, frame()
			}
		}
	case tick:
		if time.Since(m.started) >= 300*time.Millisecond {
			m.done = true
			return m, nil
		}
		return m, frame()
	}
	return m, nil
}

// CSS ease-out, cubic-bezier(0, 0, 0.58, 1).
func easeOut(t float64) float64 {
	if t <= 0 {
		return 0
	}
	if t >= 1 {
		return 1
	}
	bx := func(u float64) float64 { return 3*(1-u)*u*u*0.58 + u*u*u }
	by := func(u float64) float64 { return 3*(1-u)*(1-u)*u + 3*(1-u)*u*u + u*u*u }
	lo, hi := 0.0, 1.0
	for i := 0; i < 50; i++ {
		mid := (lo + hi) / 2
		if bx(mid) < t {
			lo = mid
		} else {
			hi = mid
		}
	}
	return by((lo + hi) / 2)
}

func lin(v float64) float64 {
	v /= 255
	if v <= 0.04045 {
		return v / 12.92
	}
	return math.Pow((v+0.055)/1.055, 2.4)
}
func unlin(v float64) int {
	if v <= 0.0031308 {
		v *= 12.92
	} else {
		v = 1.055*math.Pow(v, 1/2.4) - 0.055
	}
	return int(math.Max(0, math.Min(255, math.Round(v*255))))
}
func oklab(r, g, b float64) (float64, float64, float64) {
	r, g, b = lin(r), lin(g), lin(b)
	l := math.Cbrt(0.4122214708*r + 0.5363325363*g + 0.0514459929*b)
	m := math.Cbrt(0.2119034982*r + 0.6806995451*g + 0.1073969566*b)
	s := math.Cbrt(0.0883901947*r + 0.2817188376*g + 0.6299212310*b)
	return 0.2104542553*l + 0.7936177850*m - 0.0040720468*s, 1.9779984951*l - 2.4285922050*m + 0.4505937099*s, 0.0259040371*l + 0.7827717662*m - 0.8086757660*s
}
func rgb(L, a, b float64) (int, int, int) {
	l := L + 0.3963377774*a + 0.2158037573*b
	m := L - 0.1055613458*a - 0.0638541728*b
	s := L - 0.0894841775*a - 1.2914855480*b
	l, m, s = l*l*l, m*m*m, s*s*s
	return unlin(4.0767416621*l - 3.3077115913*m + 0.2309699292*s), unlin(-1.2684380046*l + 2.6097574011*m - 0.3413193965*s), unlin(-0.0041960863*l - 0.7034186147*m + 1.7076147010*s)
}
func hex(c string) (float64, float64, float64, bool) {
	if len(c) != 6 {
		return 0, 0, 0, false
	}
	v, err := strconv.ParseUint(c, 16, 32)
	if err != nil {
		return 0, 0, 0, false
	}
	return float64(v >> 16), float64((v >> 8) & 255), float64(v & 255), true
}
func mix(from, to string, f float64) string {
	if f >= 1 {
		return to
	}
	r1, g1, b1, ok1 := hex(from)
	r2, g2, b2, ok2 := hex(to)
	if !ok1 || !ok2 {
		return to
	}
	L1, a1, bb1 := oklab(r1, g1, b1)
	L2, a2, bb2 := oklab(r2, g2, b2)
	r, g, b := rgb(L1+(L2-L1)*f, a1+(a2-a1)*f, bb1+(bb2-bb1)*f)
	return fmt.Sprintf("%02x%02x%02x", r, g, b)
}

func (m model) View() string {
	grid := make([][]cell, len(before))
	for y := range before {
		grid[y] = append([]cell(nil), before[y]...)
	}
	if m.shown {
		p := 1.0
		if !m.done {
			p = easeOut(float64(time.Since(m.started)) / float64(300*time.Millisecond))
		}
		dim := math.Ceil(p*float64(steps)) / float64(steps)
		grid[len(grid)-1] = append([]cell(nil), after[len(after)-1]...) // the help bar for the toast
		for y := paneY0 - 1; y < paneY1+1; y++ { // the dim covers the pane, border included
			for x := paneX0 - 1; x < paneX1+1; x++ {
				b, a := before[y][x], after[y][x]
				if x >= toastX0 && x < toastX1 && y >= toastY0 && y < toastY1 {
					// The dump has the toast here; beneath it lies the pane, dimmed.
					a = before[y][x]
					a.fg, a.bg = mix(before[y][x].fg, dimmedUnder(x, y, true), dim), mix(before[y][x].bg, dimmedUnder(x, y, false), dim)
				} else {
					a.fg, a.bg = mix(b.fg, a.fg, dim), mix(b.bg, a.bg, dim)
				}
				grid[y][x] = a
			}
		}
		offset := int(math.Round((1 - p) * float64(paneY1-toastY0)))
		for y := toastY0; y < toastY1; y++ {
			row := y + offset
			if row >= paneY1 {
				continue
			}
			for x := toastX0; x < toastX1; x++ {
				grid[row][x] = after[y][x]
			}
		}
	}
	var out strings.Builder
	for y, row := range grid {
		if y > 0 {
			out.WriteString("\n")
		}
		for x := 0; x < len(row); {
			style := row[x]
			var text strings.Builder
			for x < len(row) && row[x].fg == style.fg && row[x].bg == style.bg && row[x].bold == style.bold {
				text.WriteString(row[x].ch)
				x++
			}
			s := lipgloss.NewStyle().Bold(style.bold)
			if _, _, _, ok := hex(style.fg); ok {
				s = s.Foreground(lipgloss.Color("#" + style.fg))
			}
			if _, _, _, ok := hex(style.bg); ok {
				s = s.Background(lipgloss.Color("#" + style.bg))
			}
			out.WriteString(s.Render(text.String()))
		}
	}
	return out.String()
}

// What the dimmed pane shows beneath the toast's box: the dimmed colour of the band two cells to
// the left (the bands repeat), as the dump has the toast there.
func dimmedUnder(x, y int, fg bool) string {
	for dx := 0; x-dx >= paneX0; dx += 2 {
		c := after[y][x-dx]
		if x-dx < toastX0 && before[y][x-dx].fg == before[y][x].fg && before[y][x-dx].bg == before[y][x].bg {
			if fg {
				return c.fg
			}
			return c.bg
		}
	}
	for dx := 0; x+dx < paneX1; dx += 2 {
		c := after[y][x+dx]
		if x+dx >= toastX1 && before[y][x+dx].fg == before[y][x].fg && before[y][x+dx].bg == before[y][x].bg {
			if fg {
				return c.fg
			}
			return c.bg
		}
	}
	if fg {
		return before[y][x].fg
	}
	return before[y][x].bg
}

func main() {
	var s screens
	data, err := os.ReadFile(os.Getenv("TWIN_SCREENS"))
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	if err := json.Unmarshal(data, &s); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	if n, err := strconv.Atoi(os.Getenv("TWIN_STEPS")); err == nil && n > 0 {
		steps = n
	}
	before, after = load(s.Before), load(s.After)
	lipgloss.SetColorProfile(termenv.TrueColor)
	if err := tea.NewProgram(model{}, tea.WithAltScreen()).Start(); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}
