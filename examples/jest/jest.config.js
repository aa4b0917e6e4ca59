const { withContractTesting } = require('@contracttool/jest')

module.exports = withContractTesting({ testEnvironment: 'node' })
