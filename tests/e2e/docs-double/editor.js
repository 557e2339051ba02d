/*
 * The Google Docs double's editor: a document painted on canvas tiles, one tile per page, made only for the pages near
 * the view and made again as the view scrolls, as the text changes and as the zoom changes. When the page's own world
 * held a non-empty `window._docs_annotate_canvas_by_ext` before this script ran, each tile also gets an SVG layer whose
 * `rect[aria-label]` elements carry the text of each run, with its box and a `data-font-css`.
 *
 * The evidence it follows (see docs/google-docs.md):
 * - the flag, tested for a non-empty string, and the SVG rect layer with `aria-label` and `data-font-css`: Automattic's
 *   Harper (packages/chrome-plugin/src/contentScript/googleDocs.ts, googleDocsLayout.ts), which reads that layer;
 * - the editor's scroll container `.kix-appview-editor`, pages `.kix-page-paginated`, tiles
 *   `.kix-canvas-tile-content`: the selectors Harper and other public readers use;
 * - a run's label loses the spaces around punctuation (Harper's normalizeGoogleDocsLabel and shouldInsertGoogleDocsSpace
 *   rebuild them from the runs' positions), and lines are known only by the runs' positions;
 * - typing goes to an iframe (`.docs-texteventtarget-iframe`) that takes the keys, never to the canvas.
 * Its own API for tests (`window.docsDouble`) stands for the toolbar's zoom and for the document's saved state.
 */
(() => {
  const annotate =
    typeof window._docs_annotate_canvas_by_ext === 'string' && window._docs_annotate_canvas_by_ext !== '';
  const source = JSON.parse(document.getElementById('docs-model').textContent);
  const paragraphs = source.paragraphs.slice();
  const PAGE_WIDTH = 816;
  const PAGE_HEIGHT = 1056;
  const MARGIN = 96;
  const LINE_HEIGHT = 20;
  const PARAGRAPH_GAP = 10;
  const PAGE_GAP = 12;
  const FONT_PX = 14.6667;
  const FONT_FAMILY = 'Arial';
  let zoom = 1;
  let caret = { paragraph: 0, offset: 0 };
  let pages = [];
  let renders = 0;

  const fontAt = (scale) => `400 ${(FONT_PX * scale).toFixed(4)}px ${FONT_FAMILY}`;
  const measure = document.createElement('canvas').getContext('2d');
  measure.font = fontAt(1);
  // A key lays the whole document out again: widths already measured are not measured again.
  const widths = new Map();
  const width = (text) => {
    let measured = widths.get(text);
    if (measured === undefined) {
      measured = measure.measureText(text).width;
      widths.set(text, measured);
    }
    return measured;
  };

  /** Lines of every paragraph, wrapped at the page's text width, paginated. */
  function layout() {
    const textWidth = PAGE_WIDTH - 2 * MARGIN;
    const lines = [];
    paragraphs.forEach((text, paragraph) => {
      const words = text.split(/(?<= )/);
      let line = '';
      let start = 0;
      let at = 0;
      for (const word of words) {
        if (line && width((line + word).trimEnd()) > textWidth) {
          lines.push({ paragraph, start, text: line });
          start = at;
          line = '';
        }
        line += word;
        at += word.length;
      }
      lines.push({ paragraph, start, text: line, last: true });
    });
    pages = [];
    let page = { lines: [] };
    let y = MARGIN;
    for (const line of lines) {
      if (y + LINE_HEIGHT > PAGE_HEIGHT - MARGIN) {
        pages.push(page);
        page = { lines: [] };
        y = MARGIN;
      }
      page.lines.push({ ...line, y });
      y += LINE_HEIGHT + (line.last ? PARAGRAPH_GAP : 0);
    }
    pages.push(page);
  }

  /** A line's runs: words (with the single spaces between them), and each punctuation mark alone, spaces lost. */
  function runsOf(line) {
    const runs = [];
    for (const match of line.text.matchAll(/[^\s.,;:!?]+(?: [^\s.,;:!?]+)*|[.,;:!?]/g)) {
      runs.push({ text: match[0], x: MARGIN + width(line.text.slice(0, match.index)), width: width(match[0]) });
    }
    return runs;
  }

  const editor = document.querySelector('.kix-appview-editor');
  const container = editor.querySelector('.kix-zoomdocumentplugin');

  /** Lays the document out and makes its pages again; the editor is scrolled to `scrollTop()` before tiles are drawn. */
  function buildPages(scrollTop) {
    layout();
    container.replaceChildren(
      ...pages.map((_, index) => {
        const element = document.createElement('div');
        element.className = 'kix-page-paginated';
        element.dataset.page = String(index);
        element.style.width = `${PAGE_WIDTH * zoom}px`;
        element.style.height = `${PAGE_HEIGHT * zoom}px`;
        element.style.marginBottom = `${PAGE_GAP}px`;
        return element;
      }),
    );
    editor.scrollTop = scrollTop();
    drawTiles(true);
  }

  /** Draws the tiles of the pages within a view's height of the view; lets go of the others. */
  function drawTiles(again) {
    const view = editor.getBoundingClientRect();
    for (const element of container.children) {
      const box = element.getBoundingClientRect();
      const near = box.bottom > view.top - view.height && box.top < view.bottom + view.height;
      const tile = element.querySelector('.kix-canvas-tile-content');
      if (!near) {
        tile?.remove();
        continue;
      }
      if (tile && !again) continue;
      element.replaceChildren(tileOf(pages[Number(element.dataset.page)]));
    }
    placeCaret();
  }

  function tileOf(page) {
    renders += 1;
    const tile = document.createElement('div');
    tile.className = 'kix-canvas-tile-content';
    const canvas = document.createElement('canvas');
    canvas.width = PAGE_WIDTH * zoom;
    canvas.height = PAGE_HEIGHT * zoom;
    const context = canvas.getContext('2d');
    canvas.style.background = '#fff';
    context.fillStyle = '#000';
    context.font = fontAt(zoom);
    context.textBaseline = 'top';
    for (const line of page.lines) context.fillText(line.text.trimEnd(), MARGIN * zoom, (line.y + 3) * zoom);
    tile.appendChild(canvas);
    if (annotate) {
      const svgNs = 'http://www.w3.org/2000/svg';
      const svg = document.createElementNS(svgNs, 'svg');
      svg.setAttribute('width', String(PAGE_WIDTH * zoom));
      svg.setAttribute('height', String(PAGE_HEIGHT * zoom));
      svg.setAttribute('class', 'kix-canvas-tile-content-annotations');
      let group = null;
      let groupParagraph = -1;
      for (const line of page.lines) {
        if (line.paragraph !== groupParagraph) {
          group = document.createElementNS(svgNs, 'g');
          group.setAttribute('role', 'paragraph');
          svg.appendChild(group);
          groupParagraph = line.paragraph;
        }
        for (const run of runsOf(line)) {
          const rect = document.createElementNS(svgNs, 'rect');
          rect.setAttribute('x', String(run.x * zoom));
          rect.setAttribute('y', String(line.y * zoom));
          rect.setAttribute('width', String(run.width * zoom));
          rect.setAttribute('height', String(LINE_HEIGHT * zoom));
          rect.setAttribute('fill', 'transparent');
          rect.setAttribute('aria-label', run.text);
          rect.setAttribute('data-font-css', fontAt(zoom));
          group.appendChild(rect);
        }
      }
      tile.appendChild(svg);
    }
    return tile;
  }

  // The person's caret, as Docs draws it: a div in the page over the canvas (a collaborator's carries their name).
  const cursor = document.createElement('div');
  cursor.className = 'kix-cursor docs-ui-unprintable';
  cursor.innerHTML = '<div class="kix-cursor-caret"></div><div class="kix-cursor-name"></div>';
  cursor.style.cssText = 'position: absolute; width: 2px; pointer-events: none;';
  cursor.firstElementChild.style.cssText = 'border-left: 2px solid #000; height: 100%;';
  function placeCaret() {
    const index = pages.findIndex((page) =>
      page.lines.some((line) => line.paragraph === caret.paragraph && caret.offset <= line.start + line.text.length),
    );
    const element = container.children[index];
    if (!element) return cursor.remove();
    const line = pages[index].lines.find(
      (candidate) => candidate.paragraph === caret.paragraph && caret.offset <= candidate.start + candidate.text.length,
    );
    cursor.style.left = `${(MARGIN + width(line.text.slice(0, caret.offset - line.start))) * zoom}px`;
    cursor.style.top = `${line.y * zoom}px`;
    cursor.style.height = `${LINE_HEIGHT * zoom}px`;
    if (cursor.parentElement !== element) element.appendChild(cursor);
  }

  editor.addEventListener('scroll', () => requestAnimationFrame(() => drawTiles(false)), { passive: true });
  window.addEventListener('resize', () => drawTiles(true));

  // Typing: the keys go to the text event target iframe, as in Docs; a click on a page puts the caret there.
  const keys = document.querySelector('.docs-texteventtarget-iframe');
  const keyDocument = keys.contentDocument;
  keyDocument.body.contentEditable = 'true';
  container.addEventListener('mousedown', (event) => {
    const element = event.target.closest('.kix-page-paginated');
    if (!element) return;
    const page = pages[Number(element.dataset.page)];
    const box = element.getBoundingClientRect();
    const y = (event.clientY - box.top) / zoom;
    const x = (event.clientX - box.left) / zoom - MARGIN;
    const line = page.lines.findLast((candidate) => candidate.y <= y) ?? page.lines[0];
    let offset = 0;
    while (offset < line.text.length && width(line.text.slice(0, offset + 1)) <= x) offset += 1;
    caret = { paragraph: line.paragraph, offset: line.start + offset };
    placeCaret();
    event.preventDefault();
    keys.contentWindow.focus();
    keyDocument.body.focus();
  });
  keyDocument.addEventListener('keydown', (event) => {
    const text = paragraphs[caret.paragraph];
    if (event.key.length === 1 && !event.ctrlKey && !event.metaKey) {
      paragraphs[caret.paragraph] = text.slice(0, caret.offset) + event.key + text.slice(caret.offset);
      caret.offset += 1;
    } else if (event.key === 'Backspace' && caret.offset > 0) {
      paragraphs[caret.paragraph] = text.slice(0, caret.offset - 1) + text.slice(caret.offset);
      caret.offset -= 1;
    } else if (event.key === 'End') {
      const line = pages
        .flatMap((page) => page.lines)
        .find(
          (candidate) =>
            candidate.paragraph === caret.paragraph && caret.offset <= candidate.start + candidate.text.length,
        );
      caret.offset = line.start + line.text.trimEnd().length;
      event.preventDefault();
      return placeCaret();
    } else if (event.key === 'Enter') {
      paragraphs.splice(caret.paragraph, 1, text.slice(0, caret.offset), text.slice(caret.offset));
      caret = { paragraph: caret.paragraph + 1, offset: 0 };
    } else return;
    event.preventDefault();
    changed();
  });

  let saving = Promise.resolve();
  function changed() {
    const top = editor.scrollTop;
    buildPages(() => top);
    // Saved as Docs saves as one types: the export then has the text as it is now.
    const body = JSON.stringify({ paragraphs });
    saving = saving.then(() =>
      fetch(`${location.pathname.replace(/\/edit$/, '')}/save`, { method: 'POST', body }).catch(() => undefined),
    );
  }

  window.docsDouble = {
    annotate,
    setZoom(next) {
      const fraction = editor.scrollTop / Math.max(1, editor.scrollHeight);
      zoom = next;
      buildPages(() => fraction * editor.scrollHeight);
    },
    /** Tiles made so far (a redraw makes them again). */
    renders: () => renders,
    /** Paints every tile in view again, as Docs does now and then. */
    redraw: () => drawTiles(true),
    text: () => paragraphs.join('\n'),
    saved: () => saving,
  };
  buildPages(() => 0);
})();
