'use strict';
// The examples keep their Slack and Google Sheets nodes. For the tests, a copy
// of a workflow swaps only those nodes (the ones that need the outside world)
// for built-in nodes under the same name, id and connections, so everything
// else runs exactly as a user would import it:
//
// - Slack (post a message) -> Edit Fields (Set) producing { channel, text }
//   from the Slack node's own parameters: the message the workflow would post;
// - Google Sheets append   -> Edit Fields (Set) producing the row, from the
//   node's column mapping: the row the workflow would append;
// - Google Sheets read     -> Code returning the given rows, as if read;
// - Slack (upload a file)  -> Edit Fields (Set) producing { channels, file, comment }:
//   the file the workflow would upload, and the comment;
// - Send Email             -> Edit Fields (Set) producing { to, subject, text, attachments }.

const SLACK = 'n8n-nodes-base.slack';
const SHEETS = 'n8n-nodes-base.googleSheets';
const EMAIL = 'n8n-nodes-base.emailSend';

function setNode(original, fields) {
	return {
		id: original.id,
		name: original.name,
		type: 'n8n-nodes-base.set',
		typeVersion: 3.4,
		position: original.position,
		parameters: {
			mode: 'manual',
			assignments: {
				assignments: Object.entries(fields).map(([name, value], i) => ({
					id: `${original.id}-${i}`,
					name,
					value,
					type: 'string',
				})),
			},
			includeOtherFields: false,
			options: {},
		},
	};
}

function codeNode(original, rows) {
	return {
		id: original.id,
		name: original.name,
		type: 'n8n-nodes-base.code',
		typeVersion: 2,
		position: original.position,
		parameters: { jsCode: `return ${JSON.stringify(rows)}.map((json) => ({ json }));` },
	};
}

const locatorText = (rl) =>
	rl && typeof rl === 'object' ? rl.cachedResultName || rl.value || '' : rl || '';

/**
 * @param {object} workflow  an example, as imported
 * @param {{ sheetRows?: object[] }} [fixtures]  rows a Google Sheets read returns
 * @returns {{ workflow: object, swapped: string[] }}  the copy and the names of swapped nodes
 */
function stubOutsideWorld(workflow, { sheetRows = [] } = {}) {
	const copy = structuredClone(workflow);
	const swapped = [];
	copy.nodes = copy.nodes.map((node) => {
		if (node.type === SLACK) {
			const p = node.parameters;
			swapped.push(node.name);
			if (p.resource === 'file' && (p.operation || 'upload') === 'upload') {
				const o = p.options || {};
				// Slack 2.2 and later: one Channel Name or ID; 2 and 2.1: several.
				return setNode(node, {
					channels: [].concat(o.channelId ?? o.channelIds ?? []).join(','),
					file: `={{ $binary[${JSON.stringify(p.binaryPropertyName)}].fileName }}`,
					comment: o.initialComment || '',
				});
			}
			if ((p.resource || 'message') !== 'message' || (p.operation || 'post') !== 'post') {
				throw new Error(
					`${node.name}: only Slack "post a message" and "upload a file" are stubbed`,
				);
			}
			return setNode(node, { channel: locatorText(p.channelId), text: p.text });
		}
		if (node.type === SHEETS) {
			const op = node.parameters.operation || 'read';
			swapped.push(node.name);
			if (op === 'append') return setNode(node, node.parameters.columns.value);
			if (op === 'read') return codeNode(node, sheetRows);
			throw new Error(`${node.name}: Google Sheets "${op}" is not stubbed`);
		}
		if (node.type === EMAIL) {
			const p = node.parameters;
			swapped.push(node.name);
			return setNode(node, {
				to: p.toEmail,
				subject: p.subject,
				text: p.text,
				attachments: (p.options || {}).attachments || '',
			});
		}
		return node;
	});
	return { workflow: copy, swapped };
}

module.exports = { stubOutsideWorld, SLACK, SHEETS, EMAIL };
