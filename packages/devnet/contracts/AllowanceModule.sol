// SPDX-License-Identifier: MIT
pragma solidity 0.8.37;

/// The part of a Safe a module calls.
interface ISafeModuleTarget {
    function execTransactionFromModule(address to, uint256 value, bytes calldata data, uint8 operation)
        external
        returns (bool success);
}

/// EIP-1271, for a delegate that is a contract.
interface IERC1271 {
    function isValidSignature(bytes32 hash, bytes calldata signature) external view returns (bytes4);
}

/// Concord's own spending-limit module for the devnet, written to the documented behaviour and with the exact
/// ABI of Safe's AllowanceModule v0.1.1 (the ABI published in the safe-modules-deployments package), so the
/// gateway and web app speak the canonical module's interface and work against the real one on real chains.
///
/// A Safe (msg.sender of the owner functions) adds delegates and gives each an allowance per token: an amount,
/// optionally reset every `resetTimeMin` minutes. A delegate then moves up to what is left, from the Safe, with
/// one transaction of its own (or by signing a transfer that anyone relays).
contract AllowanceModule {
    string public constant NAME = "Allowance Module";
    string public constant VERSION = "0.1.1";

    bytes32 public constant DOMAIN_SEPARATOR_TYPEHASH = keccak256("EIP712Domain(uint256 chainId,address verifyingContract)");
    bytes32 public constant ALLOWANCE_TRANSFER_TYPEHASH = keccak256(
        "AllowanceTransfer(address safe,address token,address to,uint96 amount,address paymentToken,uint96 payment,uint16 nonce)"
    );

    /// Field order and widths are part of the ABI (the public getter `allowances` returns them in this order).
    struct Allowance {
        uint96 amount;
        uint96 spent;
        uint16 resetTimeMin; // 0: one-time allowance
        uint32 lastResetMin; // minutes since the epoch
        uint16 nonce; // 0 until the allowance is first set, then counts transfers from 1
    }

    /// A node of a Safe's doubly linked list of delegates, keyed by the delegate address's low 48 bits.
    struct Delegate {
        address delegate;
        uint48 prev;
        uint48 next;
    }

    mapping(address safe => mapping(address delegate => mapping(address token => Allowance))) public allowances;
    mapping(address safe => mapping(address delegate => address[])) public tokens;
    mapping(address safe => uint48) public delegatesStart;
    mapping(address safe => mapping(uint48 index => Delegate)) public delegates;

    event AddDelegate(address indexed safe, address delegate);
    event RemoveDelegate(address indexed safe, address delegate);
    event ExecuteAllowanceTransfer(
        address indexed safe, address delegate, address token, address to, uint96 value, uint16 nonce
    );
    event PayAllowanceTransfer(
        address indexed safe, address delegate, address paymentToken, address paymentReceiver, uint96 payment
    );
    event SetAllowance(address indexed safe, address delegate, address token, uint96 allowanceAmount, uint16 resetTime);
    event ResetAllowance(address indexed safe, address delegate, address token);
    event DeleteAllowance(address indexed safe, address delegate, address token);

    // ---- owner side: called by the Safe itself, through an ordinary Safe transaction ----

    function setAllowance(address delegate, address token, uint96 allowanceAmount, uint16 resetTimeMin, uint32 resetBaseMin)
        public
    {
        require(delegate != address(0), "delegate != address(0)");
        require(delegates[msg.sender][indexOf(delegate)].delegate == delegate, "delegate not added");
        // First allowance for this token (nothing stored yet): list it. currentAllowance starts the nonce at 1.
        if (allowances[msg.sender][delegate][token].nonce == 0) tokens[msg.sender][delegate].push(token);
        Allowance memory allowance = currentAllowance(msg.sender, delegate, token);
        uint32 nowMin = currentMinute();
        if (resetBaseMin > 0) {
            // Periods are counted from a base the owner chose: the latest period start not after now.
            require(resetBaseMin <= nowMin, "resetBaseMin <= currentMin");
            allowance.lastResetMin = resetTimeMin > 0 ? nowMin - ((nowMin - resetBaseMin) % resetTimeMin) : nowMin;
        } else if (allowance.lastResetMin == 0) {
            allowance.lastResetMin = nowMin;
        }
        allowance.resetTimeMin = resetTimeMin;
        allowance.amount = allowanceAmount;
        allowances[msg.sender][delegate][token] = allowance;
        emit SetAllowance(msg.sender, delegate, token, allowanceAmount, resetTimeMin);
    }

    function resetAllowance(address delegate, address token) public {
        Allowance memory allowance = currentAllowance(msg.sender, delegate, token);
        allowance.spent = 0;
        allowances[msg.sender][delegate][token] = allowance;
        emit ResetAllowance(msg.sender, delegate, token);
    }

    /// Clears the allowance but keeps its nonce, so a signed transfer of before can never be replayed.
    function deleteAllowance(address delegate, address token) public {
        clearAllowance(msg.sender, delegate, token);
        emit DeleteAllowance(msg.sender, delegate, token);
    }

    function addDelegate(address delegate) public {
        uint48 index = indexOf(delegate);
        require(index != uint256(0), "index != uint(0)");
        address existing = delegates[msg.sender][index].delegate;
        if (existing != address(0)) {
            // Already listed (or another address with the same low bits, which cannot be added).
            require(existing == delegate, "currentDelegate == delegate");
            return;
        }
        uint48 start = delegatesStart[msg.sender];
        delegates[msg.sender][index] = Delegate(delegate, 0, start);
        if (start != 0) delegates[msg.sender][start].prev = index;
        delegatesStart[msg.sender] = index;
        emit AddDelegate(msg.sender, delegate);
    }

    function removeDelegate(address delegate, bool removeAllowances) public {
        uint48 index = indexOf(delegate);
        Delegate memory node = delegates[msg.sender][index];
        // Nothing to do for an address that is not a delegate.
        if (node.delegate != delegate || delegate == address(0)) return;
        if (removeAllowances) {
            address[] storage delegateTokens = tokens[msg.sender][delegate];
            for (uint256 i = 0; i < delegateTokens.length; i++) {
                clearAllowance(msg.sender, delegate, delegateTokens[i]);
                emit DeleteAllowance(msg.sender, delegate, delegateTokens[i]);
            }
        }
        if (node.prev == 0) delegatesStart[msg.sender] = node.next;
        else delegates[msg.sender][node.prev].next = node.next;
        if (node.next != 0) delegates[msg.sender][node.next].prev = node.prev;
        delete delegates[msg.sender][index];
        emit RemoveDelegate(msg.sender, delegate);
    }

    // ---- delegate side ----

    /// Moves `amount` of `token` (address(0): the native coin) from `safe` to `to` within `delegate`'s allowance.
    /// `signature` is the delegate's over generateTransferHash; empty means the caller is the signer.
    /// A `payment` (in `paymentToken`, also from the delegate's allowance) goes to tx.origin, for a relayer.
    function executeAllowanceTransfer(
        address safe,
        address token,
        address payable to,
        uint96 amount,
        address paymentToken,
        uint96 payment,
        address delegate,
        bytes memory signature
    ) public {
        Allowance memory allowance = currentAllowance(safe, delegate, token);
        bytes memory transferData =
            transferHashData(safe, token, to, amount, paymentToken, payment, allowance.nonce);
        // The nonce moves before any external call, so the same signature cannot be used twice.
        allowance.nonce = allowance.nonce + 1;
        spend(allowance, amount);
        allowances[safe][delegate][token] = allowance;
        requireDelegateSignature(safe, delegate, keccak256(transferData), signature);

        if (payment > 0) {
            Allowance memory paymentAllowance =
                paymentToken == token ? allowance : currentAllowance(safe, delegate, paymentToken);
            spend(paymentAllowance, payment);
            allowances[safe][delegate][paymentToken] = paymentAllowance;
            transfer(safe, paymentToken, payable(tx.origin), payment);
            emit PayAllowanceTransfer(safe, delegate, paymentToken, tx.origin, payment);
        }
        transfer(safe, token, to, amount);
        emit ExecuteAllowanceTransfer(safe, delegate, token, to, amount, allowance.nonce - 1);
    }

    // ---- views ----

    /// Pure in the published ABI (written for an older compiler that allowed reading the chain id in a pure
    /// function); the view reader is called through a pointer typed pure, which keeps the ABI identical.
    function getChainId() public pure returns (uint256) {
        function() view returns (uint256) reader = chainIdView;
        function() pure returns (uint256) asPure;
        assembly {
            asPure := reader
        }
        return asPure();
    }

    function chainIdView() private view returns (uint256) {
        return block.chainid;
    }

    function generateTransferHash(
        address safe,
        address token,
        address to,
        uint96 amount,
        address paymentToken,
        uint96 payment,
        uint16 nonce
    ) public view returns (bytes32) {
        return keccak256(transferHashData(safe, token, to, amount, paymentToken, payment, nonce));
    }

    function getTokens(address safe, address delegate) public view returns (address[] memory) {
        return tokens[safe][delegate];
    }

    /// [amount, spent, resetTimeMin, lastResetMin, nonce], as of now (a period that ended counts as reset).
    function getTokenAllowance(address safe, address delegate, address token) public view returns (uint256[5] memory) {
        Allowance memory a = currentAllowance(safe, delegate, token);
        return [uint256(a.amount), uint256(a.spent), uint256(a.resetTimeMin), uint256(a.lastResetMin), uint256(a.nonce)];
    }

    /// A page of `safe`'s delegates from list index `start` (0: the first); `next` is 0 after the last page.
    function getDelegates(address safe, uint48 start, uint8 pageSize)
        public
        view
        returns (address[] memory results, uint48 next)
    {
        results = new address[](pageSize);
        uint48 current = start == 0 ? delegatesStart[safe] : start;
        uint256 count = 0;
        while (current != 0 && count < pageSize) {
            results[count] = delegates[safe][current].delegate;
            current = delegates[safe][current].next;
            count++;
        }
        next = current;
        // Trim the array to what was found.
        assembly {
            mstore(results, count)
        }
    }

    // ---- internals ----

    function indexOf(address delegate) private pure returns (uint48) {
        return uint48(uint160(delegate));
    }

    function currentMinute() private view returns (uint32) {
        return uint32(block.timestamp / 60);
    }

    /// The stored allowance with any reset that is due applied: when whole periods have passed since the last
    /// reset, nothing is spent and the last reset moves forward by those whole periods.
    function currentAllowance(address safe, address delegate, address token) private view returns (Allowance memory a) {
        a = allowances[safe][delegate][token];
        uint32 nowMin = currentMinute();
        if (a.resetTimeMin > 0 && a.lastResetMin + uint32(a.resetTimeMin) <= nowMin) {
            a.spent = 0;
            a.lastResetMin = nowMin - ((nowMin - a.lastResetMin) % a.resetTimeMin);
        }
        if (a.nonce == 0) a.nonce = 1;
    }

    function clearAllowance(address safe, address delegate, address token) private {
        Allowance storage a = allowances[safe][delegate][token];
        a.amount = 0;
        a.spent = 0;
        a.resetTimeMin = 0;
        a.lastResetMin = 0;
    }

    function spend(Allowance memory allowance, uint96 amount) private pure {
        uint96 newSpent = allowance.spent + amount; // reverts on overflow
        require(newSpent <= allowance.amount, "newSpent <= allowance.amount");
        allowance.spent = newSpent;
    }

    function transferHashData(
        address safe,
        address token,
        address to,
        uint96 amount,
        address paymentToken,
        uint96 payment,
        uint16 nonce
    ) private view returns (bytes memory) {
        bytes32 domainSeparator = keccak256(abi.encode(DOMAIN_SEPARATOR_TYPEHASH, block.chainid, address(this)));
        bytes32 structHash =
            keccak256(abi.encode(ALLOWANCE_TRANSFER_TYPEHASH, safe, token, to, amount, paymentToken, payment, nonce));
        return abi.encodePacked(bytes1(0x19), bytes1(0x01), domainSeparator, structHash);
    }

    /// The signer must be `delegate`, and `delegate` one of `safe`'s delegates.
    function requireDelegateSignature(address safe, address delegate, bytes32 hash, bytes memory signature) private view {
        address signer = recoverSigner(hash, signature);
        require(signer == delegate && delegates[safe][indexOf(signer)].delegate == signer, "expected delegate");
    }

    /// Empty: the caller. v = 0: a contract whose address is r, checked by EIP-1271 over the bytes after the 65-byte
    /// head. v > 30: eth_sign (v - 4 over the prefixed hash). Otherwise a plain ECDSA signature over the hash.
    function recoverSigner(bytes32 hash, bytes memory signature) private view returns (address) {
        if (signature.length == 0) return msg.sender;
        require(signature.length >= 65, "signature too short");
        bytes32 r;
        bytes32 s;
        uint8 v;
        assembly {
            r := mload(add(signature, 0x20))
            s := mload(add(signature, 0x40))
            v := byte(0, mload(add(signature, 0x60)))
        }
        if (v == 0) {
            address signerContract = address(uint160(uint256(r)));
            bytes memory contractSignature = new bytes(signature.length - 65);
            for (uint256 i = 0; i < contractSignature.length; i++) {
                contractSignature[i] = signature[i + 65];
            }
            require(
                IERC1271(signerContract).isValidSignature(hash, contractSignature) == 0x1626ba7e,
                "invalid contract signature"
            );
            return signerContract;
        }
        if (v > 30) {
            return ecrecover(keccak256(abi.encodePacked("\x19Ethereum Signed Message:\n32", hash)), v - 4, r, s);
        }
        return ecrecover(hash, v, r, s);
    }

    function transfer(address safe, address token, address payable to, uint96 amount) private {
        bool success;
        if (token == address(0)) {
            success = ISafeModuleTarget(safe).execTransactionFromModule(to, amount, "", 0);
        } else {
            bytes memory data = abi.encodeWithSignature("transfer(address,uint256)", to, uint256(amount));
            success = ISafeModuleTarget(safe).execTransactionFromModule(token, 0, data, 0);
        }
        require(success, "Could not execute token transfer");
    }
}
