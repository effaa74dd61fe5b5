module.exports = { ...require('../../jest.preset.cjs'), displayName: require('./package.json').name, rootDir: __dirname };
