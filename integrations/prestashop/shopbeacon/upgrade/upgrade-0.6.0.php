<?php
/**
 * shopbeacon for PrestaShop: to 0.6.0.
 *
 * @license MIT
 */
if (!defined('_PS_VERSION_')) {
    exit;
}

/**
 * PrestaShop runs this when a merchant uploads 0.6.0 over an older version: the table of what led
 * to each cart line (ShopbeaconAttribution) is new, and so is the hook that reads the page's
 * recommendation blocks (`actionOutputHTMLBefore`); registerHook skips the hooks already registered.
 *
 * @param shopbeacon $module
 *
 * @return bool
 */
function upgrade_module_0_6_0($module)
{
    return Db::getInstance()->execute(ShopbeaconAttribution::createTableSql())
        && $module->registerHook(shopbeacon::HOOKS);
}
