// Stylesheets have no behaviour under jsdom.
module.exports = {};
