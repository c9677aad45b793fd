/** The spending limit's public face: what the shop and the order history show of it. Its page and sagas load with the routes (./feature). */
export { LeftThisMonth, MonthTotal } from './components/LeftThisMonth';
export { OverLimitMark, PausedMark } from './components/OverLimitMark';
export { selectKnownRefusal } from './components/overLimit';
export { PurchaseGate } from './components/PurchaseGate';
export { PurchaseNotice, usePurchasePaused } from './components/PurchaseNotice';
