// Hardhat 2 network used by @concord/devnet (loaded through HARDHAT_CONFIG, never by the hardhat CLI).
module.exports = {
  networks: {
    hardhat: {
      chainId: 31337,
      hardfork: 'cancun',
      accounts: { mnemonic: 'test test test test test test test test test test test junk', count: 20 },
      mining: { auto: true },
      loggingEnabled: false,
    },
  },
}
