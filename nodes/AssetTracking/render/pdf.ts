import { zlibDeflate } from './deflate';
import { COLORS, type Color, type Painter } from './painter';

/**
 * A PDF 1.4 written directly: text in the standard Type 1 fonts every reader has (Helvetica,
 * Helvetica-Bold, and Symbol for Δ, Σ and the minus sign), drawings as vector paths, each page's
 * content compressed with this folder's deflate. Nothing embedded, so a page costs a few kB.
 */
export class PdfDocument {
	readonly pages: PdfPage[] = [];

	constructor(
		readonly width = 595.28, // A4
		readonly height = 841.89,
	) {}

	addPage(): PdfPage {
		const page = new PdfPage(this.height);
		this.pages.push(page);
		return page;
	}

	/** The file: catalog, pages, fonts, info (title, producer, creation date), cross-reference. */
	toBuffer(info: { title: string; createdAt: number }): Buffer {
		const objects: Buffer[] = [];
		const add = (body: string | Buffer) => {
			objects.push(typeof body === 'string' ? Buffer.from(body, 'latin1') : body);
			return objects.length;
		};
		const catalog = add('');
		const pages = add('');
		const fonts = [
			add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>'),
			add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>'),
			add('<< /Type /Font /Subtype /Type1 /BaseFont /Symbol >>'),
		];
		const infoRef = add(
			`<< /Title ${literal(info.title)} /Producer (n8n-nodes-asset-tracking) /CreationDate (${pdfDate(info.createdAt)}) >>`,
		);
		const resources = `<< /Font << ${fonts.map((ref, k) => `/F${k + 1} ${ref} 0 R`).join(' ')} >> >>`;
		const kids = this.pages.map((page) => {
			const content = zlibDeflate(Buffer.from(page.content(), 'latin1'));
			const stream = add(
				Buffer.concat([
					Buffer.from(`<< /Length ${content.length} /Filter /FlateDecode >>\nstream\n`, 'latin1'),
					content,
					Buffer.from('\nendstream', 'latin1'),
				]),
			);
			return add(
				`<< /Type /Page /Parent ${pages} 0 R /MediaBox [0 0 ${this.width} ${this.height}] /Resources ${resources} /Contents ${stream} 0 R >>`,
			);
		});
		objects[catalog - 1] = Buffer.from(`<< /Type /Catalog /Pages ${pages} 0 R >>`, 'latin1');
		objects[pages - 1] = Buffer.from(
			`<< /Type /Pages /Kids [${kids.map((k) => `${k} 0 R`).join(' ')}] /Count ${kids.length} >>`,
			'latin1',
		);
		const parts: Buffer[] = [Buffer.from('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
		let offset = parts[0].length;
		const offsets: number[] = [];
		objects.forEach((body, k) => {
			const part = Buffer.concat([
				Buffer.from(`${k + 1} 0 obj\n`, 'latin1'),
				body,
				Buffer.from('\nendobj\n', 'latin1'),
			]);
			offsets.push(offset);
			offset += part.length;
			parts.push(part);
		});
		const xref = [
			'xref',
			`0 ${objects.length + 1}`,
			'0000000000 65535 f ',
			...offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n `),
			'trailer',
			`<< /Size ${objects.length + 1} /Root ${catalog} 0 R /Info ${infoRef} 0 R >>`,
			'startxref',
			String(offset),
			'%%EOF',
			'',
		].join('\n');
		parts.push(Buffer.from(xref, 'latin1'));
		return Buffer.concat(parts);
	}
}

export type FontWeight = 'regular' | 'bold';

/** One page's drawing operators; y runs down from the top, as the Painter's does. */
export class PdfPage implements Painter {
	private readonly ops: string[] = [];

	constructor(private readonly height: number) {}

	rect(x: number, y: number, width: number, height: number, color: Color) {
		this.ops.push(
			`${rgb(color)} rg ${n(x)} ${n(this.height - y - height)} ${n(width)} ${n(height)} re f`,
		);
	}

	line(points: ReadonlyArray<readonly [number, number]>, color: Color, width = 1) {
		if (points.length === 0) return;
		const path = points.map(([x, y], k) => `${n(x)} ${n(this.height - y)} ${k === 0 ? 'm' : 'l'}`);
		// A lone point is drawn as a dot (a zero-length line with round caps).
		if (points.length === 1) path.push(`${n(points[0][0])} ${n(this.height - points[0][1])} l`);
		this.ops.push(`${rgb(color)} RG ${n(width)} w 1 J 1 j ${path.join(' ')} S`);
	}

	text(
		x: number,
		y: number,
		text: string,
		size: number,
		color: Color = 'ink',
		weight: FontWeight = 'regular',
	) {
		const font = weight === 'bold' ? '/F2' : '/F1';
		const runs = fontRuns(text).map(
			({ symbol, bytes }) => `${symbol ? '/F3' : font} ${n(size)} Tf ${literal(bytes)} Tj`,
		);
		this.ops.push(`BT ${rgb(color)} rg ${n(x)} ${n(this.height - y)} Td ${runs.join(' ')} ET`);
	}

	/** Helvetica's widths; bold runs up to 10 % wider (Excursions), so 12 % is added for it. */
	textWidth(text: string, size: number, weight: FontWeight = 'regular'): number {
		let width = 0;
		for (const char of text) width += HELVETICA[char.charCodeAt(0) - 32] ?? WIDER[char] ?? 556;
		return (width * size * (weight === 'bold' ? 1.12 : 1)) / 1000;
	}

	/** A comment in the content (readers skip it): where a part of the page begins. */
	comment(text: string) {
		this.ops.push(`% ${text}`);
	}

	content(): string {
		return this.ops.join('\n');
	}
}

const n = (value: number) => String(Math.round(value * 100) / 100);
const rgb = (color: Color) => COLORS[color].map((c) => n(c / 255)).join(' ');

/** Helvetica's widths (per 1000 of the size) of the characters 32–126, from its AFM. */
const HELVETICA = [
	278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278, 556, 556, 556,
	556, 556, 556, 556, 556, 556, 556, 278, 278, 584, 584, 584, 556, 1015, 667, 667, 722, 722, 667,
	611, 778, 722, 278, 500, 667, 556, 833, 722, 778, 667, 778, 722, 667, 611, 722, 667, 944, 667,
	667, 611, 278, 278, 278, 469, 556, 333, 556, 556, 500, 556, 556, 278, 556, 556, 222, 222, 500,
	222, 833, 556, 556, 556, 556, 333, 500, 278, 556, 500, 722, 500, 500, 500, 334, 260, 334, 584,
];

/** Widths of the characters beyond ASCII the report prints (Helvetica's, Symbol's); others 556. */
const WIDER: Record<string, number> = {
	'°': 400,
	'…': 1000,
	'—': 1000,
	'–': 556,
	'‘': 222,
	'’': 222,
	'“': 333,
	'”': 333,
	'•': 350,
	'·': 250,
	'−': 549,
	Δ: 612,
	Σ: 592,
	'≤': 549,
	'≥': 549,
	'€': 556,
};

/** Characters drawn from the Symbol font, by their code there. */
const SYMBOL: Record<string, number> = {
	Δ: 0x44,
	Σ: 0x53,
	'−': 0x2d,
	'≤': 0xa3,
	'≥': 0xb3,
	'·': 0xd7,
};
/** WinAnsiEncoding's codes of the characters outside Latin-1 it has. */
const WIN_ANSI: Record<string, number> = {
	'–': 0x96,
	'—': 0x97,
	'‘': 0x91,
	'’': 0x92,
	'“': 0x93,
	'”': 0x94,
	'•': 0x95,
	'…': 0x85,
	'€': 0x80,
};

/** The text as runs of one font each, every character as its byte in that font. */
function fontRuns(text: string): Array<{ symbol: boolean; bytes: string }> {
	const runs: Array<{ symbol: boolean; bytes: string }> = [];
	for (const char of text) {
		const symbol = char in SYMBOL;
		const code = symbol
			? SYMBOL[char]
			: (WIN_ANSI[char] ??
				(char.charCodeAt(0) < 256 && char.charCodeAt(0) >= 32 ? char.charCodeAt(0) : 0x3f));
		const last = runs[runs.length - 1];
		if (last && last.symbol === symbol) last.bytes += String.fromCharCode(code);
		else runs.push({ symbol, bytes: String.fromCharCode(code) });
	}
	return runs;
}

/** A PDF literal string: backslash, parentheses and line breaks escaped. */
const literal = (bytes: string) =>
	`(${bytes
		.replace(/[\\()]/g, (c) => `\\${c}`)
		.replace(/\r/g, '\\r')
		.replace(/\n/g, '\\n')})`;

/** PDF's date format, D:YYYYMMDDHHmmSSZ, in UTC. */
const pdfDate = (ms: number) =>
	`D:${new Date(ms).toISOString().replace(/[-:T]/g, '').slice(0, 14)}Z`;
