// SPDX-License-Identifier: MIT
pragma solidity 0.8.37;

import {ERC721} from "@openzeppelin/contracts/token/ERC721/ERC721.sol";
import {Base64} from "@openzeppelin/contracts/utils/Base64.sol";
import {Strings} from "@openzeppelin/contracts/utils/Strings.sol";

/// Demo ERC721 whose metadata and image are built on-chain as data: URIs, so nothing is fetched over a network.
contract DemoCollectible is ERC721 {
    uint256 public totalSupply;

    constructor() ERC721("Concord Shapes", "SHAPE") {}

    function mint(address to) external returns (uint256 tokenId) {
        tokenId = ++totalSupply;
        _mint(to, tokenId);
    }

    function tokenURI(uint256 tokenId) public view override returns (string memory) {
        _requireOwned(tokenId);
        string memory id = Strings.toString(tokenId);
        string memory hue = Strings.toString((tokenId * 47) % 360);
        string memory svg = string.concat(
            '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100"><rect width="100" height="100" fill="hsl(',
            hue,
            ',70%,55%)"/><text x="50" y="60" font-size="32" text-anchor="middle" fill="white">#',
            id,
            "</text></svg>"
        );
        string memory json = string.concat(
            '{"name":"Concord Shape #',
            id,
            '","description":"A demo collectible of the Concord devnet.","image":"data:image/svg+xml;base64,',
            Base64.encode(bytes(svg)),
            '"}'
        );
        return string.concat("data:application/json;base64,", Base64.encode(bytes(json)));
    }
}
