package knowledge

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	tea "charm.land/bubbletea/v2"

	"hindsight-tui/client"
	"hindsight-tui/sanitize"
	"hindsight-tui/ui/common"
	"hindsight-tui/ui/components"
)

// The export writes the server's export (GET …/knowledge-base/export: one markdown
// file with front matter per page, named by page id, and the history of the pages
// that have one) as a folder that mirrors the tree: a directory per folder, and
// <page name>.md for each page, with <page name>.log.md beside it for its history.
// Names are made safe for any filesystem, and nothing that exists is overwritten.

// exportFile is one file to write, relative to the export directory.
type exportFile struct {
	rel     string
	content string
}

// planExport lays out the files for a tree and the server's export; pages the export
// lacks (deleted in between) are left out. It counts the pages written.
func planExport(tree *client.KnowledgeTree, files []client.KnowledgeFile) (out []exportFile, pages int) {
	byPath := make(map[string]string, len(files))
	for _, f := range files {
		byPath[f.Path] = f.Content
	}
	var walk func(nodes []client.KnowledgeNode, dir string)
	walk = func(nodes []client.KnowledgeNode, dir string) {
		taken := map[string]bool{}
		for i := range nodes {
			n := &nodes[i]
			if n.Kind == client.NodeFolder {
				name := uniqueName(taken, safeName(n.Name, n.ID), "")
				walk(n.Children, filepath.Join(dir, name))
				continue
			}
			content, ok := byPath[n.ID+".md"]
			if !ok {
				continue
			}
			base := uniqueName(taken, safeName(n.Name, n.ID), ".md")
			out = append(out, exportFile{rel: filepath.Join(dir, base+".md"), content: content})
			pages++
			if log, ok := byPath[n.ID+".log.md"]; ok {
				taken[strings.ToLower(base+".log.md")] = true
				out = append(out, exportFile{rel: filepath.Join(dir, base+".log.md"), content: log})
			}
		}
	}
	walk(tree.Roots, "")
	return out, pages
}

// uniqueName is name, or name (2), name (3)… when a sibling has it already (ignoring
// case, for the filesystems that do), ext being the extension it will carry.
func uniqueName(taken map[string]bool, name, ext string) string {
	cand := name
	for i := 2; taken[strings.ToLower(cand+ext)] || (ext == ".md" && taken[strings.ToLower(cand+".log.md")]); i++ {
		cand = fmt.Sprintf("%s (%d)", name, i)
	}
	taken[strings.ToLower(cand+ext)] = true
	return cand
}

// reserved are names Windows gives devices; a file may not take them.
var reserved = map[string]bool{"con": true, "prn": true, "aux": true, "nul": true,
	"com1": true, "com2": true, "com3": true, "com4": true, "com5": true, "com6": true, "com7": true, "com8": true, "com9": true,
	"lpt1": true, "lpt2": true, "lpt3": true, "lpt4": true, "lpt5": true, "lpt6": true, "lpt7": true, "lpt8": true, "lpt9": true}

// safeName is a node's name as a file name on any filesystem: path separators,
// characters Windows refuses and control characters become "-", leading and trailing
// dots and spaces go, a device name gets a "_", and the name is cut to 100 bytes. A
// name with nothing left is the node's id.
func safeName(name, id string) string {
	var b strings.Builder
	for _, r := range name {
		switch {
		case r < 0x20 || r == 0x7f || (r >= 0x80 && r < 0xa0):
			b.WriteByte('-')
		case strings.ContainsRune(`/\:*?"<>|`, r):
			b.WriteByte('-')
		default:
			b.WriteRune(r)
		}
	}
	out := strings.Trim(components.Head(b.String(), 100), " .")
	if out == "" {
		return components.FileSafe(id)
	}
	if stem, _, _ := strings.Cut(out, "."); reserved[strings.ToLower(stem)] {
		out = "_" + out
	}
	return out
}

// writeExport writes files under dir, creating what directories it needs (private
// ones). It refuses, before writing anything, when any of the files exists.
func writeExport(ctx context.Context, dir string, files []exportFile) (string, error) {
	abs, err := components.AbsPath(dir)
	if err != nil {
		return "", err
	}
	if fi, err := os.Stat(abs); err == nil && !fi.IsDir() {
		return "", errors.New(abs + " is a file; name a directory")
	}
	var clash []string
	for _, f := range files {
		if _, err := os.Lstat(filepath.Join(abs, f.rel)); err == nil {
			clash = append(clash, f.rel)
		}
	}
	if len(clash) > 0 {
		return "", fmt.Errorf("%s of the %s to write exist there already (%s): nothing was written; name a new or empty directory",
			common.Thousands(len(clash)), common.Plural(len(files), "file", "files"), clash[0])
	}
	for _, f := range files {
		if err := ctx.Err(); err != nil {
			return "", err
		}
		path := filepath.Join(abs, f.rel)
		if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
			return "", fmt.Errorf("create %s: %w", filepath.Dir(path), err)
		}
		if _, err := components.WriteFile(ctx, path, f.content); err != nil {
			return "", err
		}
	}
	return abs, nil
}

// openExport asks which directory to export the bank's knowledge base to, then reads
// the tree and the export from the server and writes the files.
func (m *Model) openExport() tea.Cmd {
	if m.bank == "" || !m.tree.loaded {
		return nil
	}
	bank, cl, c := m.bank, m.c.Client, m.c
	return func() tea.Msg {
		// DefaultSavePath looks at the disk, so it runs here, in the command.
		field := components.NewTextField(c, "Directory", "created if missing; nothing in it is overwritten", "path")
		field.SetValue(components.DefaultSavePath("knowledge-" + components.FileSafe(bank)))
		submit := func() (components.Request, error) {
			dir := strings.TrimSpace(field.Value())
			if dir == "" {
				return nil, components.Invalid{"path": "type a directory"}
			}
			return func(ctx context.Context) (tea.Cmd, error) {
				tree, err := cl.KnowledgeTree(ctx, bank)
				if err != nil {
					return nil, err
				}
				files, err := cl.ExportKnowledge(ctx, bank)
				if err != nil {
					return nil, err
				}
				plan, pages := planExport(tree, files)
				if len(plan) == 0 {
					return nil, components.Invalid{"path": "the knowledge base has no pages to export"}
				}
				abs, err := writeExport(ctx, dir, plan)
				if err != nil {
					return nil, components.Invalid{"path": err.Error()}
				}
				return common.Toast(fmt.Sprintf("Exported %s as %s to %s", common.Plural(pages, "page", "pages"),
					common.Plural(len(plan), "file", "files"), abs)), nil
			}, nil
		}
		return common.OpenDialogMsg{Dialog: components.NewForm(c, "Export the knowledge base of "+components.Truncate(sanitize.Line(bank), 30),
			"export knowledge base", "export", submit, field)}
	}
}
