import { buildPath } from '../../nodes/AssetTracking/transport/paths';

describe('buildPath', () => {
	it('encodes every parameter as a single path segment', () => {
		expect(buildPath('/assets/{assetId}', { assetId: 'a/b' })).toBe('/assets/a%2Fb');
		expect(buildPath('/assets/{assetId}', { assetId: 'x?y#z' })).toBe('/assets/x%3Fy%23z');
		expect(buildPath('/assets/{assetId}', { assetId: '../x' })).toBe('/assets/..%2Fx');
		expect(buildPath('/assets/{assetId}/labels/{bleId}', { assetId: 'A-1', bleId: 42 })).toBe(
			'/assets/A-1/labels/42',
		);
	});

	it('refuses what cannot be sent unambiguously', () => {
		expect(() => buildPath('/assets/{assetId}', { assetId: '..' })).toThrow(
			'Path parameter "assetId" cannot consist of dots only',
		);
		expect(() => buildPath('/assets/{assetId}', { assetId: '' })).toThrow(
			'Path parameter "assetId" is required',
		);
	});
});
