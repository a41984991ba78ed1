// SPDX-License-Identifier: MIT
pragma solidity 0.8.37;

/// The one Safe function the simulator calls; its signature is the same in Safe v1.3.0, v1.4.1 and v1.5.0.
interface ISafeModuleExecutor {
    function execTransactionFromModuleReturnData(
        address to,
        uint256 value,
        bytes calldata data,
        uint8 operation
    ) external returns (bool success, bytes memory returnData);
}

/// Dry-runs a Safe transaction inside a single eth_call. The gateway places this contract's runtime code at a
/// fixed address through a state override and, with a second override of the Safe's `modules` mapping, makes
/// it an enabled module, so the Safe executes the transaction without signatures. It is never deployed: the
/// code has no constructor, no storage and no owner.
contract SafeSimulator {
    /// Gas each balanceOf may use: a token that burns all it gets must not starve the simulation.
    uint256 private constant BALANCE_GAS = 300_000;

    /// Runs `to.call(data)` (operation 0) or `to.delegatecall(data)` (operation 1) as `safe`, and reads the
    /// Safe's balances of `tokens` (address(0) = the native coin) before and after it.
    /// @return success Whether the transaction succeeded.
    /// @return returnData What it returned, or its revert data.
    /// @return gasUsed Gas the Safe's module execution used (the transaction and the Safe's checks around it).
    function simulate(
        address safe,
        address to,
        uint256 value,
        bytes calldata data,
        uint8 operation,
        address[] calldata tokens
    )
        external
        returns (
            bool success,
            bytes memory returnData,
            uint256 gasUsed,
            uint256[] memory balancesBefore,
            uint256[] memory balancesAfter
        )
    {
        balancesBefore = _balances(safe, tokens);
        uint256 gasBefore = gasleft();
        (success, returnData) = ISafeModuleExecutor(safe).execTransactionFromModuleReturnData(
            to,
            value,
            data,
            operation
        );
        gasUsed = gasBefore - gasleft();
        balancesAfter = _balances(safe, tokens);
    }

    function _balances(address safe, address[] calldata tokens) private view returns (uint256[] memory amounts) {
        amounts = new uint256[](tokens.length);
        for (uint256 i = 0; i < tokens.length; i++) {
            amounts[i] = tokens[i] == address(0) ? safe.balance : _balanceOf(tokens[i], safe);
        }
    }

    /// balanceOf through a low-level staticcall: a token that reverts, returns too little or is no contract
    /// reads as 0 instead of reverting the whole simulation. Only the first 32 bytes are copied, so a token
    /// that answers with a huge return value cannot exhaust the memory either.
    function _balanceOf(address token, address owner) private view returns (uint256 amount) {
        bytes4 selector = 0x70a08231; // balanceOf(address)
        uint256 gasLimit = BALANCE_GAS;
        assembly ("memory-safe") {
            let ptr := mload(0x40)
            mstore(ptr, selector)
            mstore(add(ptr, 4), owner)
            let ok := staticcall(gasLimit, token, ptr, 36, ptr, 32)
            if and(ok, iszero(lt(returndatasize(), 32))) {
                amount := mload(ptr)
            }
        }
    }
}
