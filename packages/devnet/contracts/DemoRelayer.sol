// SPDX-License-Identifier: MIT
pragma solidity 0.8.37;

/// Demo relayer for the Concord devnet: forwards a call (and the ETH sent with it) to `target`, the way a
/// relaying service or a smart-account bundler does. A Safe's execTransaction sent through it is an internal
/// call, so the transaction's own calldata is `relay(...)`, not `execTransaction(...)`.
contract DemoRelayer {
    event Relayed(address indexed target, bytes4 selector);

    function relay(address target, bytes calldata data) external payable returns (bytes memory result) {
        bool success;
        (success, result) = target.call{value: msg.value}(data);
        if (!success) {
            // Bubble the target's revert reason up unchanged.
            assembly {
                revert(add(result, 32), mload(result))
            }
        }
        emit Relayed(target, bytes4(data));
    }
}
