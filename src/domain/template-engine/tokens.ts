/** The editor's hint list: every path of the data model and every construct. */
export const TEMPLATE_TOKENS: { token: string; meaning: string }[] = [
  { token: '{{company.name}}', meaning: 'Your company name' },
  { token: '{{phone company.phone}}', meaning: 'Your phone as (555) 123-4567' },
  { token: '{{company.email}}', meaning: 'Your email' },
  { token: '{{company.address}}', meaning: 'Your address' },
  { token: '{{company.website}}', meaning: 'Your website (may be empty)' },
  {
    token: '{{#if company.logo}}<img src="{{company.logo}}" alt="">{{/if}}',
    meaning: 'Your logo, when you uploaded one',
  },
  { token: '{{client.name}}', meaning: "Client's name" },
  { token: '{{client.email}}', meaning: "Client's email" },
  { token: '{{phone client.phone}}', meaning: "Client's phone as (555) 123-4567" },
  { token: '{{client.address}}', meaning: 'Project address' },
  { token: '{{scope.paragraph}}', meaning: 'Scope of work, as a paragraph' },
  { token: '{{#each scope.bullets}}<li>{{this}}</li>{{/each}}', meaning: 'Each scope bullet' },
  { token: '{{money contract.total_cents}}', meaning: 'Contract total as $1,234.56' },
  {
    token: '{{#if contract.home_sale}}…{{/if}}',
    meaning:
      "Sold at the client's home: put the FTC cancellation statement here, by the client's signature",
  },
  { token: '{{#each payments}}…{{/each}}', meaning: 'Repeat for each payment stage' },
  {
    token:
      '{{#each payments}}<p>{{label}}: {{percent percent}} = {{money amount_cents}}, due {{trigger}}</p>{{/each}}',
    meaning: 'A payment line for each stage, with each formatter (a lone {{percent}} works too)',
  },
  { token: '{{label}}', meaning: 'Inside payments: the stage name, like Stage 1' },
  { token: '{{percent percent}}', meaning: 'Inside payments: the stage share, like 33%' },
  { token: '{{money amount_cents}}', meaning: 'Inside payments: the stage amount as $1,650.00' },
  { token: '{{trigger}}', meaning: 'Inside payments: when it is due, like At signing' },
  { token: '{{date today}}', meaning: "Today's date as November 21, 2026" },
  { token: '{{signature.typed_name}}', meaning: 'Your typed name, once you have signed' },
  { token: '{{date signature.timestamp}}', meaning: 'The date you signed' },
  {
    token: '{{#if signature.png}}<img src="{{signature.png}}" alt="Signature">{{/if}}',
    meaning: 'Your signature image, once you have signed',
  },
  {
    token: '{{client_signature.typed_name}}',
    meaning: "Client's typed name, once they sign (the first signer only: see signers)",
  },
  { token: '{{date client_signature.timestamp}}', meaning: 'The date the client signed' },
  {
    token: '{{#if client_signature.png}}<img src="{{client_signature.png}}" alt="">{{/if}}',
    meaning: "Client's signature image, once they sign",
  },
  {
    token: '{{#each signers}}…{{/each}}',
    meaning: 'Repeat for each client who signs, in order: the client first, then up to 3 others',
  },
  {
    token:
      '{{#each signers}}<p>{{name}}, {{email}}: {{#if signature.png}}<img src="{{signature.png}}" alt="">{{/if}} {{signature.typed_name}} {{date signed_at}}</p>{{/each}}',
    meaning: 'A signature line for each client who signs, filled in as each one signs',
  },
  { token: '{{name}}', meaning: "Inside signers: the signer's name" },
  { token: '{{email}}', meaning: "Inside signers: the signer's email" },
  { token: '{{phone phone}}', meaning: "Inside signers: the signer's phone (may be empty)" },
  { token: '{{date signed_at}}', meaning: 'Inside signers: the date they signed, once they have' },
  {
    token: '{{#if signature.png}}<img src="{{signature.png}}" alt="">{{/if}}',
    meaning:
      "Inside signers: the signer's signature image and, with signature.typed_name, their typed name",
  },
  { token: '{{this}}', meaning: 'Inside each: the current item (for lists of text)' },
  { token: '{{@number}}', meaning: 'Inside each: the position, counting from 1' },
  { token: '{{@index}}', meaning: 'Inside each: the position, counting from 0' },
  { token: '{{#if x}}…{{else}}…{{/if}}', meaning: 'Show a part only when x has a value' },
  { token: '{{money x}}', meaning: 'Cents as dollars: 123456 shows $1,234.56' },
  { token: '{{date x}}', meaning: 'A date as November 21, 2026' },
  { token: '{{percent x}}', meaning: 'A number as a percentage: 33 shows 33%' },
  { token: '{{phone x}}', meaning: '10 digits as (555) 123-4567' },
];
