import type { CreateTemplateInput } from "#shared/schemas/templates.ts";

/** A template of the library shipped with the product; seedKey identifies it across restarts (never change one). */
export interface TemplateSeed extends CreateTemplateInput {
  seedKey: string;
}

type Core = Pick<
  TemplateSeed,
  "seedKey" | "name" | "discipline" | "category" | "difficultyLevel" | "estimatedDuration" | "icon" | "color"
>;
interface Body {
  featured?: boolean;
  description: string;
  phases: string[];
  deliverables: string[];
  tools: string[];
  outcomes: string[];
  tips: string[];
}

const seed = (core: Core, body: Body): TemplateSeed => ({
  ...core,
  isFeatured: body.featured ?? false,
  description: body.description,
  template: { phases: body.phases, deliverables: body.deliverables, tools: body.tools },
  learningOutcomes: body.outcomes,
  implementationTips: body.tips,
});

/**
 * The library a new installation starts with: written for this product, one or more templates for
 * every discipline, category and difficulty of the filters, about a third featured. Seeded once per
 * seedKey (templates.seed.ts): edit freely; add new keys rather than reusing old ones.
 */
export const TEMPLATE_SEEDS: readonly TemplateSeed[] = [
  seed(
    {
      seedKey: "blockchain-applications",
      name: "Blockchain Applications",
      discipline: "blockchain",
      category: "development",
      difficultyLevel: "advanced",
      estimatedDuration: "8-12 weeks",
      icon: "blocks",
      color: "#4f46e5",
    },
    {
      featured: true,
      description:
        "Student teams design and ship a small decentralised application for a real partner, such as a campus co-op or a local charity. They first master hashing, Merkle trees, consensus and the trust trade-offs of ledgers, then launch that core into a working prototype and an honest assessment of whether a blockchain was the right tool.",
      phases: [
        "Pivot: hashing, Merkle trees and digital signatures through short worked examples and spaced retrieval quizzes",
        "Pivot: consensus mechanisms compared on one page (proof of work, proof of stake, permissioned BFT)",
        "Partner discovery: interview the partner and write a one-page problem statement with a 'why a ledger?' test",
        "Design: data model, on-chain versus off-chain split and threat model, reviewed by another team",
        "Build: smart contracts with unit tests and a minimal web front end on a public test network",
        "Pilot: two-week trial with real users and an incident log",
        "Launch review: demo day for the partner and a reflective report on when not to use a blockchain",
      ],
      deliverables: [
        "Problem statement with the 'why a ledger?' test",
        "Audited smart contract repository with tests",
        "Working prototype on a test network",
        "Pilot incident log",
        "Partner demo and reflective report",
      ],
      tools: [
        "Hardhat or Foundry",
        "Solidity",
        "MetaMask on a test network",
        "GitHub Classroom",
        "Remix IDE",
      ],
      outcomes: [
        "Explain how hashing, Merkle trees and consensus secure a shared ledger",
        "Design a smart contract that separates on-chain and off-chain data sensibly",
        "Evaluate whether a blockchain adds value over a conventional database for a given problem",
        "Test contracts against common vulnerabilities such as re-entrancy",
      ],
      tips: [
        "Hold a 10-minute retrieval quiz on the pivot concepts at the start of each week of the build",
        "Require the 'why a ledger?' test before any code: it stops teams building on hype",
        "Give teams a curated reading list of five sources to prevent tutorial overload",
      ],
    },
  ),
  seed(
    {
      seedKey: "blockchain-supply-chain-provenance",
      name: "Supply Chain Provenance Ledger",
      discipline: "blockchain",
      category: "interdisciplinary",
      difficultyLevel: "intermediate",
      estimatedDuration: "6 weeks",
      icon: "package-search",
      color: "#0f766e",
    },
    {
      description:
        "Students trace a real product, such as coffee or cotton, from farm to shelf and design a provenance record that a shopper could trust. The pivot combines ledger fundamentals with supply-chain operations; the launch applies them to a second, contrasting product to test how well the design travels.",
      phases: [
        "Pivot: ledger fundamentals and supply-chain vocabulary (tiers, custody, certification) with concept maps",
        "Map the chain: interview or research every custody step of a chosen product",
        "Design the provenance record: which events, who signs them, what stays private",
        "Prototype the record on a permissioned ledger or a shared spreadsheet simulation",
        "Launch again: apply the design to a contrasting product and note what breaks",
        "Stakeholder panel: present to a buyer, a certifier and a consumer role-play",
      ],
      deliverables: [
        "Custody map of the product",
        "Provenance data model",
        "Prototype ledger or simulation",
        "Comparison memo for the second product",
        "Panel presentation",
      ],
      tools: [
        "Miro for chain mapping",
        "Hyperledger Fabric test network or Google Sheets simulation",
        "Fair-trade and organic certification documents",
        "Lucidchart",
      ],
      outcomes: [
        "Describe custody events and the roles that attest to them",
        "Design a provenance record that balances transparency and commercial privacy",
        "Compare how a design transfers between two supply chains",
      ],
      tips: [
        "Pick products with public certification data so teams do not drown in research",
        "Assign stakeholder roles for the panel in advance so questions are realistic",
        "Make the second product deliberately different (perishable versus durable)",
      ],
    },
  ),
  seed(
    {
      seedKey: "blockchain-dao-governance",
      name: "DAO Governance Simulation",
      discipline: "blockchain",
      category: "strategy",
      difficultyLevel: "beginner",
      estimatedDuration: "4 weeks",
      icon: "vote",
      color: "#7c3aed",
    },
    {
      description:
        "A classroom runs itself as a decentralised autonomous organisation for four weeks, voting on how to spend a small budget of class points. Students first learn token voting, quorum and delegation, then launch them on real decisions and analyse the governance failures they experience.",
      phases: [
        "Pivot: tokens, quorum, delegation and proposal life cycles with a one-page glossary quiz",
        "Charter: the class drafts and ratifies its DAO constitution",
        "Operate: weekly proposals and votes on spending class points",
        "Stress test: the instructor introduces a whale, a low-turnout vote and a contested proposal",
        "Retrospective: compare the class DAO with two real DAOs and their governance incidents",
      ],
      deliverables: [
        "Ratified DAO charter",
        "Proposal and vote log",
        "Governance incident analysis",
        "Individual reflection on power and participation",
      ],
      tools: [
        "Snapshot test space or a shared voting form",
        "Discourse or a course forum",
        "Case readings on real DAO incidents",
      ],
      outcomes: [
        "Define quorum, delegation and token-weighted voting",
        "Apply governance rules to real group decisions",
        "Analyse how incentives and turnout shape outcomes",
      ],
      tips: [
        "Keep the stakes real but small: class points, a guest speaker choice, a field trip date",
        "Announce the stress tests only after they happen, then debrief them the same week",
        "Limit case readings to two DAOs to keep the comparison focused",
      ],
    },
  ),
  seed(
    {
      seedKey: "data-science-project",
      name: "Data Science Project",
      discipline: "data-science",
      category: "analysis",
      difficultyLevel: "intermediate",
      estimatedDuration: "6-10 weeks",
      icon: "chart-line",
      color: "#0f766e",
    },
    {
      featured: true,
      description:
        "Teams take an open dataset that matters to a community partner, frame one answerable question, and deliver an analysis the partner can act on. The pivot is the core workflow: tidy data, exploratory analysis, a simple model and its uncertainty; the launch is communicating a result and its limits to a non-technical audience.",
      phases: [
        "Pivot: tidy data, summary statistics and visual exploration, practised on a shared teaching dataset",
        "Pivot: fitting and checking one simple model (linear or logistic regression) with residual diagnostics",
        "Question framing with the partner: one decision the analysis should inform",
        "Data cleaning and documentation in a reproducible notebook",
        "Modelling and uncertainty: confidence intervals and a sensitivity check",
        "Launch: a two-page brief and a five-minute talk for the partner",
      ],
      deliverables: [
        "Question statement agreed with the partner",
        "Reproducible notebook with a data dictionary",
        "Model with diagnostics and uncertainty",
        "Two-page decision brief",
        "Partner presentation",
      ],
      tools: [
        "Jupyter notebooks or RStudio",
        "pandas or tidyverse",
        "Git and GitHub",
        "Open data portals (city, health, education)",
      ],
      outcomes: [
        "Clean and document a real dataset reproducibly",
        "Fit and diagnose a simple statistical model",
        "Quantify and explain the uncertainty of a result",
        "Communicate findings and limits to a non-technical decision maker",
      ],
      tips: [
        "Allow one question per team: scope creep is the main cause of shallow analyses",
        "Run the pivot on the same teaching dataset for everyone before teams touch their own data",
        "Invite the partner to the framing session, not just the final talk",
      ],
    },
  ),
  seed(
    {
      seedKey: "data-science-community-health-dashboard",
      name: "Community Health Data Dashboard",
      discipline: "data-science",
      category: "development",
      difficultyLevel: "beginner",
      estimatedDuration: "5 weeks",
      icon: "layout-dashboard",
      color: "#0369a1",
    },
    {
      description:
        "Students build a small, honest dashboard of public health indicators for their region. They master a handful of chart types and the rules of clear visual encoding first, then launch them for a real audience such as a student health service.",
      phases: [
        "Pivot: choosing chart types and encodings; retrieval practice with 'fix this chart' exercises",
        "Audience interviews: what three questions the dashboard must answer",
        "Data gathering from public health portals with source notes",
        "Build the dashboard with no more than six views",
        "Usability test with five people outside the course and a revision",
      ],
      deliverables: [
        "Audience question list",
        "Source and definition notes",
        "Published dashboard",
        "Usability test summary",
      ],
      tools: [
        "Tableau Public or Looker Studio",
        "Regional public health data portal",
        "Google Forms for usability tests",
      ],
      outcomes: [
        "Select chart types that match the data and the question",
        "Document data sources and indicator definitions",
        "Improve a visual product from user feedback",
      ],
      tips: [
        "Cap dashboards at six views to force prioritisation and reduce overload",
        "Show two bad real-world dashboards before students design their own",
        "Grade the usability revision, not just the final look",
      ],
    },
  ),
  seed(
    {
      seedKey: "data-science-fairness-audit",
      name: "Algorithmic Fairness Audit",
      discipline: "data-science",
      category: "research",
      difficultyLevel: "advanced",
      estimatedDuration: "8 weeks",
      icon: "scale",
      color: "#be123c",
    },
    {
      featured: true,
      description:
        "Students audit a trained classifier for disparate performance across groups, using a public dataset such as loan approvals or recidivism scores. They master the competing definitions of fairness and the metrics behind them, then launch a full audit with recommendations a policy maker could use.",
      phases: [
        "Pivot: confusion matrices, base rates and three fairness definitions, with worked examples",
        "Pivot: why fairness definitions conflict (impossibility results) in a guided seminar",
        "Choose a system and dataset; write the audit plan and the stakeholder map",
        "Measure: per-group error rates, calibration and their uncertainty",
        "Mitigate: try one pre-processing and one post-processing intervention",
        "Launch: an audit report and a policy brief, critiqued by a peer team",
      ],
      deliverables: [
        "Audit plan with stakeholder map",
        "Reproducible measurement notebook",
        "Mitigation experiment",
        "Audit report",
        "One-page policy brief",
      ],
      tools: [
        "Python with scikit-learn",
        "Fairlearn or AIF360",
        "Public datasets (e.g. HMDA mortgage data)",
        "Zotero for the literature",
      ],
      outcomes: [
        "Compute and interpret group fairness metrics",
        "Explain why fairness criteria can conflict",
        "Evaluate the trade-offs of mitigation techniques",
        "Write recommendations for non-technical decision makers",
      ],
      tips: [
        "Give every team the same starter notebook so differences come from analysis, not setup",
        "Limit the literature to six core papers to fight overload",
        "Have a peer team play the vendor defending the model",
      ],
    },
  ),
  seed(
    {
      seedKey: "fintech-microfinance-app",
      name: "Microfinance Lending App Prototype",
      discipline: "fintech",
      category: "innovation",
      difficultyLevel: "intermediate",
      estimatedDuration: "8 weeks",
      icon: "hand-coins",
      color: "#b45309",
    },
    {
      featured: true,
      description:
        "Teams design a mobile lending prototype for micro-entrepreneurs who lack a credit history. They first master credit risk basics, interest and repayment schedules and consumer-protection rules, then launch a prototype tested with people who resemble the intended users.",
      phases: [
        "Pivot: credit risk, amortisation and effective interest rates with spreadsheet drills",
        "Pivot: consumer-protection and know-your-customer rules in plain language",
        "User research: interviews with small traders or a local credit union",
        "Design the lending flow and the repayment schedule screens",
        "Clickable prototype and a simple risk-scoring spreadsheet",
        "Test with five users and revise; compare against an existing app",
        "Pitch to a panel of a banker, a regulator and a user advocate",
      ],
      deliverables: [
        "Interview synthesis",
        "Lending flow and wireframes",
        "Clickable prototype",
        "Risk-scoring spreadsheet",
        "Pitch deck",
      ],
      tools: ["Figma", "Excel or Google Sheets", "Local regulator's consumer-credit guidance", "Lean canvas"],
      outcomes: [
        "Calculate repayment schedules and effective interest rates",
        "Apply consumer-protection rules to a product design",
        "Design a user flow from interview evidence",
        "Justify a risk model to a sceptical panel",
      ],
      tips: [
        "Quiz amortisation by hand before allowing spreadsheets",
        "Ask the credit union for two anonymised borrower stories rather than raw data",
        "Keep the regulatory reading to one summary document",
      ],
    },
  ),
  seed(
    {
      seedKey: "fintech-robo-advisor",
      name: "Robo-Advisor Design Sprint",
      discipline: "fintech",
      category: "development",
      difficultyLevel: "advanced",
      estimatedDuration: "10 weeks",
      icon: "bot",
      color: "#4338ca",
    },
    {
      description:
        "Students build a rules-based robo-advisor that proposes a diversified portfolio from a risk questionnaire and rebalances it. The pivot is portfolio theory and risk profiling; the launch is a working service back-tested on historical data and reviewed against suitability rules.",
      phases: [
        "Pivot: return, risk, correlation and diversification with weekly retrieval problems",
        "Pivot: risk questionnaires and suitability obligations",
        "Design the questionnaire and the mapping from profile to portfolio",
        "Build the allocation engine and a rebalancing rule",
        "Back-test on twenty years of index data and stress periods",
        "Compliance review by a peer team acting as the regulator",
        "Launch: demo and a model-risk memo",
      ],
      deliverables: [
        "Risk questionnaire",
        "Allocation engine with tests",
        "Back-test report",
        "Compliance review response",
        "Model-risk memo",
      ],
      tools: ["Python (pandas, NumPy)", "Historical index data", "Jupyter", "GitHub Actions for tests"],
      outcomes: [
        "Explain mean-variance diversification",
        "Implement and test a portfolio allocation engine",
        "Evaluate a strategy through back-testing and stress periods",
        "Assess a product against suitability rules",
      ],
      tips: [
        "Provide a clean historical dataset so time goes into design, not scraping",
        "Make the stress periods (2008, 2020) compulsory in the back-test",
        "Require a model-risk memo: it turns coding into judgement",
      ],
    },
  ),
  seed(
    {
      seedKey: "fintech-ethics-of-credit-scoring",
      name: "Ethics of Algorithmic Credit Scoring",
      discipline: "fintech",
      category: "interdisciplinary",
      difficultyLevel: "intermediate",
      estimatedDuration: "6 weeks",
      icon: "landmark",
      color: "#9d174d",
    },
    {
      description:
        "Finance and philosophy meet: students examine how credit scores are built and whether their use is fair. They master the scoring pipeline and three ethical frameworks, then launch a structured debate and a position paper on a real policy proposal.",
      phases: [
        "Pivot: how scorecards are built (features, weights, cut-offs) with a toy scorecard",
        "Pivot: consequentialist, deontological and justice-as-fairness lenses in short cases",
        "Analyse a real policy proposal on alternative credit data",
        "Structured debate in mixed finance and humanities teams",
        "Position paper with a recommendation and its strongest objection",
      ],
      deliverables: [
        "Toy scorecard with documentation",
        "Policy analysis notes",
        "Debate brief",
        "Position paper",
      ],
      tools: [
        "Spreadsheet scorecard template",
        "Regulator consultation papers",
        "Kialo for argument mapping",
      ],
      outcomes: [
        "Describe how a credit scorecard turns data into decisions",
        "Apply three ethical frameworks to a financial product",
        "Argue a policy position and answer its strongest objection",
      ],
      tips: [
        "Mix disciplines in every team so each side must explain its vocabulary",
        "Give one consultation paper, not a reading list",
        "Grade the rebuttal of the strongest objection explicitly",
      ],
    },
  ),
  seed(
    {
      seedKey: "information-systems-process-redesign",
      name: "Campus Process Redesign",
      discipline: "information-systems",
      category: "analysis",
      difficultyLevel: "beginner",
      estimatedDuration: "5 weeks",
      icon: "workflow",
      color: "#0e7490",
    },
    {
      description:
        "Students pick a slow campus process, such as room booking or lab equipment loans, model it, and propose a redesign supported by an information system. The pivot is process modelling and requirements; the launch is a redesign pitched to the office that owns the process.",
      phases: [
        "Pivot: BPMN basics and requirement types with a modelling drill",
        "Shadow the process and interview the staff who run it",
        "Model the current process and measure its waiting times",
        "Design the future process and the system requirements",
        "Pitch to the process owner and collect their objections",
      ],
      deliverables: [
        "As-is process model",
        "Measurement log",
        "To-be process model",
        "Requirements list",
        "Pitch and response to objections",
      ],
      tools: ["Camunda Modeler or draw.io (BPMN)", "Stopwatch and observation sheet", "Trello"],
      outcomes: [
        "Model a business process in BPMN",
        "Distinguish functional and non-functional requirements",
        "Propose a process improvement backed by measurements",
      ],
      tips: [
        "Agree the process owners in advance; a real audience raises the quality",
        "Limit BPMN to ten symbols for beginners",
        "Ask for measured waiting times, not impressions",
      ],
    },
  ),
  seed(
    {
      seedKey: "information-systems-cyber-risk",
      name: "Small Business Cybersecurity Risk Assessment",
      discipline: "information-systems",
      category: "strategy",
      difficultyLevel: "intermediate",
      estimatedDuration: "7 weeks",
      icon: "shield-check",
      color: "#1d4ed8",
    },
    {
      featured: true,
      description:
        "Teams assess the cyber risk of a real small business or student society and deliver a prioritised, affordable security plan. They master assets, threats, vulnerabilities and controls first, then launch the assessment with the owner and present a plan they can afford.",
      phases: [
        "Pivot: asset, threat, vulnerability and control vocabulary with scenario quizzes",
        "Pivot: a risk matrix and the CIS critical controls in summary",
        "Asset inventory with the owner",
        "Threat and vulnerability walkthrough (passwords, backups, phishing, devices)",
        "Risk scoring and a prioritised plan within a stated budget",
        "Present to the owner and agree the first three actions",
      ],
      deliverables: [
        "Asset inventory",
        "Risk register",
        "Prioritised security plan with costs",
        "Owner presentation and agreed actions",
      ],
      tools: [
        "NIST Small Business Cybersecurity resources",
        "CIS Controls summary",
        "Spreadsheet risk register",
        "Have I Been Pwned (with consent)",
      ],
      outcomes: [
        "Identify assets, threats and vulnerabilities of an organisation",
        "Score risks and prioritise controls",
        "Recommend a security plan that fits a budget",
      ],
      tips: [
        "Use a consent form with the business before any testing",
        "Forbid active scanning; this is an assessment, not a penetration test",
        "Ask for the three first actions, not a fifty-item list",
      ],
    },
  ),
  seed(
    {
      seedKey: "biochemistry-enzyme-kinetics",
      name: "Enzyme Kinetics Investigation",
      discipline: "biochemistry",
      category: "laboratory",
      difficultyLevel: "intermediate",
      estimatedDuration: "6 weeks",
      icon: "flask-conical",
      color: "#15803d",
    },
    {
      featured: true,
      description:
        "Students design their own experiment on how an environmental factor changes an enzyme's activity, for example catalase under different pH or inhibitors. They master Michaelis-Menten kinetics and assay design first, then launch an independent investigation written up as a short research article.",
      phases: [
        "Pivot: Michaelis-Menten kinetics, Vmax and Km with graphing drills",
        "Pivot: assay design, controls and replicates in a guided practical",
        "Proposal: hypothesis, variables and a risk assessment approved by the instructor",
        "Experiment: collect triplicate data over two lab sessions",
        "Analysis: non-linear fitting and error estimates",
        "Launch: short research article and a peer review round",
      ],
      deliverables: [
        "Approved proposal with risk assessment",
        "Laboratory notebook",
        "Kinetic analysis with fitted parameters",
        "Research article",
        "Peer review",
      ],
      tools: [
        "Spectrophotometer",
        "GraphPad Prism or R (nls)",
        "Electronic lab notebook",
        "Safety data sheets",
      ],
      outcomes: [
        "Explain Michaelis-Menten kinetics and the meaning of Km and Vmax",
        "Design a controlled assay with replicates",
        "Fit kinetic parameters and report their uncertainty",
        "Write and review a short research article",
      ],
      tips: [
        "Pre-test every proposed inhibitor yourself: failed assays should teach, not waste weeks",
        "Quiz Km and Vmax interpretation before the first practical",
        "Use a journal's real author guidelines for the article",
      ],
    },
  ),
  seed(
    {
      seedKey: "biochemistry-protein-structure-stories",
      name: "Protein Structure Storytelling",
      discipline: "biochemistry",
      category: "research",
      difficultyLevel: "advanced",
      estimatedDuration: "5 weeks",
      icon: "dna",
      color: "#047857",
    },
    {
      description:
        "Students investigate how the three-dimensional structure of a disease-related protein explains its function and its drugs. They master structure levels and binding sites first, then launch an illustrated explainer for a patient organisation, checked by a peer for accuracy.",
      phases: [
        "Pivot: primary to quaternary structure and binding-site chemistry with model-building",
        "Choose a protein with a patient organisation in mind",
        "Explore the structure and known ligands in a molecular viewer",
        "Draft the explainer and a technical appendix",
        "Accuracy review by a peer and a reader test with a non-scientist",
      ],
      deliverables: [
        "Protein choice rationale",
        "Annotated structure figures",
        "Patient-facing explainer",
        "Technical appendix with references",
      ],
      tools: [
        "RCSB Protein Data Bank",
        "ChimeraX or PyMOL",
        "AlphaFold Protein Structure Database",
        "Zotero",
      ],
      outcomes: [
        "Relate protein structure to function and drug binding",
        "Use a molecular viewer to produce accurate figures",
        "Explain a complex mechanism to a lay audience without error",
      ],
      tips: [
        "Provide a short list of proteins with good structures to avoid dead ends",
        "Require one figure per key claim",
        "Use a reader test: a non-scientist must retell the story",
      ],
    },
  ),
  seed(
    {
      seedKey: "chemistry-green-titration",
      name: "Green Titration Redesign",
      discipline: "chemistry",
      category: "laboratory",
      difficultyLevel: "beginner",
      estimatedDuration: "4 weeks",
      icon: "test-tube",
      color: "#16a34a",
    },
    {
      description:
        "Students take a standard acid-base titration and redesign it to cut reagent use and waste without losing accuracy. They master stoichiometry and titration technique first, then launch their micro-scale version and compare it with the original.",
      phases: [
        "Pivot: stoichiometry, molarity and titration technique with calculation drills",
        "Run the standard titration and record reagent use and waste",
        "Learn the twelve principles of green chemistry and pick three to apply",
        "Design and run a micro-scale version",
        "Compare accuracy, cost and waste; present a recommendation to the teaching lab",
      ],
      deliverables: [
        "Standard titration results",
        "Micro-scale protocol",
        "Comparison table of accuracy, cost and waste",
        "Recommendation to the teaching lab",
      ],
      tools: [
        "Burettes and micro-burettes",
        "Analytical balance",
        "Spreadsheet for error analysis",
        "ACS green chemistry principles",
      ],
      outcomes: [
        "Perform titration calculations accurately",
        "Apply green chemistry principles to a procedure",
        "Compare methods using accuracy and waste data",
      ],
      tips: [
        "Insist on the standard run first: the comparison is the point",
        "Give a waste-cost table so students can price their savings",
        "Invite the lab technician to hear the recommendation",
      ],
    },
  ),
  seed(
    {
      seedKey: "chemistry-local-water-quality",
      name: "Local Water Quality Analysis",
      discipline: "chemistry",
      category: "analysis",
      difficultyLevel: "intermediate",
      estimatedDuration: "6 weeks",
      icon: "droplets",
      color: "#0284c7",
    },
    {
      featured: true,
      description:
        "Teams sample a local river, pond or tap water and measure nitrate, phosphate, hardness and pH, then report to a community group. They master the analytical methods and quality control first, then launch a field study whose results must stand up to scrutiny.",
      phases: [
        "Pivot: calibration curves, detection limits and quality control with lab drills",
        "Plan sampling sites, times and chain of custody",
        "Field sampling with field blanks and duplicates",
        "Laboratory analysis with calibration and control samples",
        "Data interpretation against regulatory limits",
        "Community report and public poster",
      ],
      deliverables: [
        "Sampling plan with chain of custody",
        "Calibrated analytical results",
        "Quality-control summary",
        "Community report",
        "Public poster",
      ],
      tools: [
        "UV-Vis spectrophotometer",
        "Test kits for nitrate and phosphate",
        "GPS or phone maps for sites",
        "R or Excel for calibration",
      ],
      outcomes: [
        "Build and use calibration curves with detection limits",
        "Design a sampling plan with quality controls",
        "Interpret measurements against regulatory limits",
        "Communicate uncertainty to a community audience",
      ],
      tips: [
        "Pair each team with a community group before sampling",
        "Require blanks and duplicates: results without QC are not reported",
        "Keep sites within walking distance to protect lab time",
      ],
    },
  ),
  seed(
    {
      seedKey: "biology-urban-biodiversity",
      name: "Urban Biodiversity Field Study",
      discipline: "biology",
      category: "research",
      difficultyLevel: "beginner",
      estimatedDuration: "6 weeks",
      icon: "leaf",
      color: "#65a30d",
    },
    {
      featured: true,
      description:
        "Students survey plants, insects or birds on campus and in nearby streets and test a simple hypothesis about urban habitats. They master sampling design and diversity indices first, then launch a citizen-science contribution and a short report for the grounds team.",
      phases: [
        "Pivot: sampling design, quadrats and transects, and the Shannon diversity index",
        "Hypothesis and site choice (for example mown versus unmown grass)",
        "Field surveys on three dates with photo records",
        "Identification and upload to a citizen-science platform",
        "Analysis with diversity indices and a simple comparison test",
        "Report and recommendations for the campus grounds team",
      ],
      deliverables: [
        "Sampling plan",
        "Field data sheets and photo records",
        "Citizen-science observations",
        "Analysis and report",
        "Recommendations to the grounds team",
      ],
      tools: [
        "iNaturalist",
        "Quadrats and transect tapes",
        "R or a spreadsheet",
        "Field identification guides",
      ],
      outcomes: [
        "Design a field sampling plan",
        "Calculate and interpret diversity indices",
        "Contribute verifiable observations to a citizen-science dataset",
        "Link results to a practical management recommendation",
      ],
      tips: [
        "Fix survey dates early: weather is the main risk",
        "Cap each team to one taxon to reduce identification overload",
        "Share the report with the grounds team; real use motivates accuracy",
      ],
    },
  ),
  seed(
    {
      seedKey: "biology-gene-expression-bioethics",
      name: "Gene Expression Lab and Bioethics Forum",
      discipline: "biology",
      category: "laboratory",
      difficultyLevel: "advanced",
      estimatedDuration: "8 weeks",
      icon: "microscope",
      color: "#15803d",
    },
    {
      description:
        "Students measure gene expression with qPCR after a treatment, then host a public forum on the ethics of gene editing. The pivot is molecular technique and data analysis; the launch applies that understanding to a public debate where accuracy matters.",
      phases: [
        "Pivot: central dogma, primers and the delta-delta Ct method with problem sets",
        "Lab: RNA extraction, cDNA synthesis and qPCR with controls",
        "Analysis: relative expression with error bars and a statistical test",
        "Research a gene-editing case (germline editing, gene drives)",
        "Public forum with a prepared briefing pack",
        "Individual reflection on science communication and ethics",
      ],
      deliverables: [
        "Lab notebook and qPCR data",
        "Expression analysis",
        "Forum briefing pack",
        "Forum recording or minutes",
        "Reflection",
      ],
      tools: [
        "qPCR instrument and kits",
        "R or Excel for delta-delta Ct",
        "Nuffield Council on Bioethics reports",
      ],
      outcomes: [
        "Calculate relative gene expression with the delta-delta Ct method",
        "Run and troubleshoot a qPCR experiment",
        "Explain gene editing accurately to a public audience",
        "Weigh ethical arguments about gene editing",
      ],
      tips: [
        "Provide validated primers; primer design is a separate course",
        "Run a rehearsal of the forum with tough questions",
        "Grade the briefing pack for accuracy before the forum",
      ],
    },
  ),
  seed(
    {
      seedKey: "biology-microbial-fuel-cell",
      name: "Microbial Fuel Cell Prototype",
      discipline: "biology",
      category: "innovation",
      difficultyLevel: "advanced",
      estimatedDuration: "10 weeks",
      icon: "battery-charging",
      color: "#4d7c0f",
    },
    {
      description:
        "Teams build microbial fuel cells from soil or wastewater and try to improve their power output. They master microbial metabolism and basic electrochemistry first, then launch an engineering-style improvement cycle and pitch a use case.",
      phases: [
        "Pivot: microbial respiration, electron transfer and Ohm's law with worked problems",
        "Build a reference fuel cell from a kit or recycled materials",
        "Measure voltage and power over two weeks",
        "Design one improvement (substrate, electrode, temperature) and test it",
        "Compare against the reference with statistics",
        "Pitch a realistic use case with its limits",
      ],
      deliverables: [
        "Reference cell with measurement log",
        "Improvement design",
        "Comparative results",
        "Use-case pitch",
      ],
      tools: [
        "Multimeter and data logger",
        "Fuel cell kits or recycled electrodes",
        "Spreadsheet or R",
        "Engineering notebook",
      ],
      outcomes: [
        "Explain how microbes generate an electrical current",
        "Measure and compare power output reliably",
        "Run an iterative design cycle with controls",
      ],
      tips: [
        "Start cells early: they take days to mature",
        "Change one variable at a time and say so in the design",
        "Ask for honest limits in the pitch (power density, scale)",
      ],
    },
  ),
  seed(
    {
      seedKey: "literature-digital-anthology",
      name: "Digital Literary Anthology",
      discipline: "literature",
      category: "creative",
      difficultyLevel: "beginner",
      estimatedDuration: "5 weeks",
      icon: "book-open",
      color: "#9333ea",
    },
    {
      description:
        "The class curates and annotates a digital anthology around one theme, such as migration or work. Students master close reading and annotation first, then launch a public anthology with introductions written for first-year readers.",
      phases: [
        "Pivot: close reading and annotation practice on two shared poems",
        "Choose the theme and selection criteria as a class",
        "Each student selects, annotates and introduces two texts",
        "Peer editing in pairs for accuracy and clarity",
        "Publish the anthology and hold a reading",
      ],
      deliverables: [
        "Selection criteria",
        "Annotated texts with introductions",
        "Peer-edited drafts",
        "Published anthology",
      ],
      tools: [
        "Hypothesis annotation tool",
        "Omeka or a shared website",
        "Project Gutenberg and public-domain archives",
      ],
      outcomes: [
        "Annotate a literary text with evidence",
        "Write an accessible introduction for new readers",
        "Give and use editorial feedback",
      ],
      tips: [
        "Use public-domain texts to avoid permission delays",
        "Model one annotation live before students start",
        "Keep introductions to 300 words for focus",
      ],
    },
  ),
  seed(
    {
      seedKey: "literature-adaptation-podcast",
      name: "Adaptation Studio: Page to Podcast",
      discipline: "literature",
      category: "creative",
      difficultyLevel: "intermediate",
      estimatedDuration: "7 weeks",
      icon: "mic",
      color: "#a21caf",
    },
    {
      featured: true,
      description:
        "Teams adapt a short story into a 10-minute audio drama and defend their adaptation choices. They master narrative point of view, adaptation theory and script form first, then launch a produced episode and a critical commentary.",
      phases: [
        "Pivot: point of view, focalisation and adaptation theory with short analyses",
        "Choose a story and write an adaptation rationale",
        "Script drafting and a table read",
        "Recording and sound design",
        "Listening session with audience feedback",
        "Critical commentary on the choices made",
      ],
      deliverables: ["Adaptation rationale", "Script", "Produced audio episode", "Critical commentary"],
      tools: [
        "Audacity or Reaper",
        "Freesound for effects",
        "Campus recording booth",
        "Final Draft or a script template",
      ],
      outcomes: [
        "Analyse how point of view shapes a narrative",
        "Apply adaptation theory to creative decisions",
        "Produce and critique an audio adaptation",
      ],
      tips: [
        "Cap episodes at ten minutes to force adaptation choices",
        "Hold the table read before any recording",
        "Assess the commentary as much as the production",
      ],
    },
  ),
  seed(
    {
      seedKey: "history-community-oral-history",
      name: "Community Oral History Archive",
      discipline: "history",
      category: "research",
      difficultyLevel: "intermediate",
      estimatedDuration: "8 weeks",
      icon: "scroll",
      color: "#b45309",
    },
    {
      featured: true,
      description:
        "Students record, transcribe and contextualise interviews with local residents about a shared experience, such as a factory closure or a flood. They master oral history method and ethics first, then launch an archive deposited with a local library.",
      phases: [
        "Pivot: oral history method, memory as evidence and consent ethics",
        "Interview training with practice interviews in class",
        "Recruit narrators through a community partner",
        "Record interviews and obtain signed release forms",
        "Transcribe, summarise and add historical context",
        "Deposit with the library and hold a listening event",
      ],
      deliverables: [
        "Interview guide",
        "Signed consent and release forms",
        "Recordings and transcripts",
        "Contextual essays",
        "Archive deposit",
      ],
      tools: [
        "Oral History Association guidelines",
        "Zoom or field recorders",
        "oTranscribe",
        "Omeka or the library's repository",
      ],
      outcomes: [
        "Conduct an ethical oral history interview",
        "Evaluate memory as historical evidence",
        "Contextualise testimony with documentary sources",
      ],
      tips: [
        "Partner with a library or museum before the course starts",
        "Practise interviews on classmates first",
        "Limit each student to two narrators to protect depth",
      ],
    },
  ),
  seed(
    {
      seedKey: "history-digital-humanities-mapping",
      name: "Mapping the Past: Digital Humanities",
      discipline: "history",
      category: "interdisciplinary",
      difficultyLevel: "advanced",
      estimatedDuration: "10 weeks",
      icon: "map",
      color: "#92400e",
    },
    {
      description:
        "History meets data science: students turn historical records such as census returns or shipping logs into a mapped dataset and an interpretive essay. They master source criticism and basic GIS first, then launch a public web map with an argument.",
      phases: [
        "Pivot: source criticism and the limits of historical data",
        "Pivot: GIS basics, georeferencing and data cleaning",
        "Transcribe and structure a sample of records",
        "Georeference and map the data",
        "Interpret patterns against the secondary literature",
        "Publish the web map with an interpretive essay",
      ],
      deliverables: [
        "Structured dataset with a data dictionary",
        "Georeferenced map layers",
        "Public web map",
        "Interpretive essay",
      ],
      tools: ["QGIS", "Google Sheets or OpenRefine", "ArcGIS StoryMaps or Leaflet", "Digitised archives"],
      outcomes: [
        "Critically assess historical records as data",
        "Build and interpret a historical GIS layer",
        "Argue a historical interpretation with spatial evidence",
      ],
      tips: [
        "Pre-select a digitised source to avoid archive access delays",
        "Pair history and data students",
        "Ask for one clear argument, not a gallery of maps",
      ],
    },
  ),
  seed(
    {
      seedKey: "philosophy-applied-ethics-bowl",
      name: "Applied Ethics Bowl",
      discipline: "philosophy",
      category: "analysis",
      difficultyLevel: "beginner",
      estimatedDuration: "4 weeks",
      icon: "brain",
      color: "#6d28d9",
    },
    {
      description:
        "Teams prepare and argue cases in an ethics bowl format on current dilemmas in technology, health and the environment. They master core ethical theories and argument analysis first, then launch them in a judged tournament.",
      phases: [
        "Pivot: consequentialism, deontology and virtue ethics with case drills",
        "Pivot: argument mapping and charitable reconstruction",
        "Case preparation in teams",
        "Ethics bowl tournament with faculty judges",
        "Reflection on how views changed",
      ],
      deliverables: [
        "Argument maps for two cases",
        "Team case brief",
        "Tournament performance",
        "Reflection",
      ],
      tools: ["Ethics Bowl case sets", "Kialo or argument-mapping templates", "Judging rubric"],
      outcomes: [
        "Apply ethical theories to concrete dilemmas",
        "Reconstruct and evaluate arguments charitably",
        "Respond to objections in real time",
      ],
      tips: [
        "Release cases two weeks ahead to reduce overload",
        "Score charity to opponents, not just strength",
        "Invite colleagues from other departments as judges",
      ],
    },
  ),
  seed(
    {
      seedKey: "philosophy-ai-ethics-policy",
      name: "AI Ethics Policy Brief",
      discipline: "philosophy",
      category: "strategy",
      difficultyLevel: "advanced",
      estimatedDuration: "6 weeks",
      icon: "file-text",
      color: "#5b21b6",
    },
    {
      description:
        "Students write a policy brief for a real institution, such as the university itself, on the use of generative AI. They master the relevant concepts of autonomy, responsibility and fairness first, then launch a brief that must survive review by the stakeholders it affects.",
      phases: [
        "Pivot: autonomy, responsibility and fairness in technology ethics",
        "Stakeholder interviews (students, faculty, IT, disability services)",
        "Option analysis with ethical and practical criteria",
        "Draft brief and red-team review by a peer group",
        "Final brief presented to an institutional audience",
      ],
      deliverables: [
        "Stakeholder interview summary",
        "Options analysis",
        "Policy brief",
        "Response to red-team review",
      ],
      tools: ["Institutional policy documents", "UNESCO and OECD AI guidance", "Zotero"],
      outcomes: [
        "Analyse an emerging technology with ethical concepts",
        "Weigh stakeholder interests in a policy recommendation",
        "Write a concise, defensible policy brief",
      ],
      tips: [
        "Choose an institution that will actually read the brief",
        "Limit background reading to three guidance documents",
        "Make the red-team review a graded step",
      ],
    },
  ),
  seed(
    {
      seedKey: "visual-arts-community-mural",
      name: "Community Mural Design",
      discipline: "visual-arts",
      category: "creative",
      difficultyLevel: "beginner",
      estimatedDuration: "6 weeks",
      icon: "palette",
      color: "#db2777",
    },
    {
      featured: true,
      description:
        "Students design a mural with and for a community partner, from listening sessions to a final scaled design. They master composition, colour theory and design briefs first, then launch a co-designed proposal the partner can fund and paint.",
      phases: [
        "Pivot: composition, colour and visual hierarchy through studio exercises",
        "Listening sessions with the community partner",
        "Concept sketches and a design brief",
        "Co-design workshop to choose and refine a concept",
        "Scaled final design, colour plan and budget",
        "Public presentation to the partner",
      ],
      deliverables: [
        "Design brief",
        "Concept sketches",
        "Scaled final design",
        "Colour plan and budget",
        "Presentation",
      ],
      tools: ["Sketchbooks and gouache", "Procreate or Photoshop", "Scale grid templates"],
      outcomes: [
        "Apply composition and colour principles to a public artwork",
        "Co-design with a community",
        "Present a feasible design with a budget",
      ],
      tips: [
        "Secure a wall and a partner before the course starts",
        "Keep the co-design workshop structured with dot voting",
        "Budget and scale are assessed, not only aesthetics",
      ],
    },
  ),
  seed(
    {
      seedKey: "visual-arts-virtual-exhibition",
      name: "Virtual Exhibition Curation",
      discipline: "visual-arts",
      category: "innovation",
      difficultyLevel: "intermediate",
      estimatedDuration: "7 weeks",
      icon: "image",
      color: "#be185d",
    },
    {
      description:
        "Teams curate a virtual exhibition from open-access museum collections around an argument. They master curatorial practice and visual analysis first, then launch an accessible online show with alt text and wall labels.",
      phases: [
        "Pivot: visual analysis and curatorial argument with museum case studies",
        "Choose a theme and write the curatorial statement",
        "Select ten works from open-access collections",
        "Write wall labels and alt text",
        "Build the virtual exhibition and test its accessibility",
        "Opening event with visitor feedback",
      ],
      deliverables: [
        "Curatorial statement",
        "Checklist of works with rights",
        "Wall labels and alt text",
        "Online exhibition",
      ],
      tools: [
        "Open-access collections (Met, Rijksmuseum)",
        "Artsteps or a website builder",
        "WAVE accessibility checker",
      ],
      outcomes: [
        "Build a curatorial argument from visual evidence",
        "Write clear labels and alt text",
        "Design an accessible online exhibition",
      ],
      tips: [
        "Cap exhibitions at ten works to keep arguments sharp",
        "Teach alt text with examples before writing",
        "Check image rights on day one",
      ],
    },
  ),
  seed(
    {
      seedKey: "mathematics-epidemic-modelling",
      name: "Modelling an Epidemic",
      discipline: "mathematics",
      category: "analysis",
      difficultyLevel: "advanced",
      estimatedDuration: "8 weeks",
      icon: "sigma",
      color: "#1e40af",
    },
    {
      description:
        "Students build and analyse SIR-type models of an outbreak and test interventions. They master differential equations, equilibria and numerical solution first, then launch the model on real case data and brief a public-health audience.",
      phases: [
        "Pivot: differential equations, equilibria and stability with weekly problem sets",
        "Pivot: numerical solution and parameter fitting",
        "Build the SIR model and explore R0",
        "Fit the model to a historical outbreak",
        "Test interventions (vaccination, distancing) and their timing",
        "Brief for a public-health audience with limits stated",
      ],
      deliverables: [
        "Model derivation",
        "Simulation code",
        "Fitted parameters with uncertainty",
        "Intervention analysis",
        "Public-health brief",
      ],
      tools: ["Python (SciPy) or MATLAB", "Jupyter", "Historical outbreak datasets"],
      outcomes: [
        "Derive and analyse a compartmental model",
        "Fit model parameters to data",
        "Evaluate interventions and communicate their uncertainty",
      ],
      tips: [
        "Keep one shared dataset so results are comparable",
        "Ask for a stated limit on every claim in the brief",
        "Quiz stability analysis before the fitting phase",
      ],
    },
  ),
  seed(
    {
      seedKey: "mathematics-campus-optimisation",
      name: "Optimising Campus Logistics",
      discipline: "mathematics",
      category: "innovation",
      difficultyLevel: "intermediate",
      estimatedDuration: "6 weeks",
      icon: "route",
      color: "#2563eb",
    },
    {
      description:
        "Teams use linear programming and graph algorithms to improve a real campus operation, such as shuttle routes or exam scheduling. They master formulation and solution methods first, then launch a proposal to the office that runs the operation.",
      phases: [
        "Pivot: formulating linear programmes and shortest-path problems",
        "Gather the real constraints with the operations office",
        "Formulate and solve the model",
        "Sensitivity analysis: what if demand changes?",
        "Proposal and presentation to the operations office",
      ],
      deliverables: [
        "Problem formulation",
        "Solver code and results",
        "Sensitivity analysis",
        "Proposal to the operations office",
      ],
      tools: ["Python with PuLP or OR-Tools", "Excel Solver", "Campus timetable or route data"],
      outcomes: [
        "Formulate an optimisation model from a real problem",
        "Solve and interpret an optimisation model",
        "Assess a solution's robustness to change",
      ],
      tips: [
        "Start from a problem the office has asked about",
        "Keep the first model small and add constraints later",
        "Require a plain-language explanation of the optimum",
      ],
    },
  ),
  seed(
    {
      seedKey: "mathematics-number-theory-cryptography",
      name: "Cryptography from Number Theory",
      discipline: "mathematics",
      category: "development",
      difficultyLevel: "beginner",
      estimatedDuration: "5 weeks",
      icon: "key-round",
      color: "#3730a3",
    },
    {
      description:
        "Students discover modular arithmetic, primes and Euler's theorem, then build a small RSA implementation and try to break weak keys. The pivot is the number theory; the launch is a working toy cryptosystem and a security reflection.",
      phases: [
        "Pivot: modular arithmetic, primes and Euler's theorem with spaced retrieval drills",
        "Implement fast modular exponentiation",
        "Build toy RSA key generation, encryption and decryption",
        "Attack weak keys (small primes, shared factors)",
        "Reflection on why real systems use large keys and padding",
      ],
      deliverables: [
        "Worked proofs of the key theorems",
        "Toy RSA implementation",
        "Attack report",
        "Reflection",
      ],
      tools: ["Python", "Jupyter", "CrypTool for demonstrations"],
      outcomes: [
        "Apply modular arithmetic and Euler's theorem",
        "Implement the RSA algorithm",
        "Explain why key size and padding matter",
      ],
      tips: [
        "Keep numbers small enough to check by hand at first",
        "Make the attack phase a friendly competition",
        "Warn explicitly that toy RSA is not for real use",
      ],
    },
  ),
  seed(
    {
      seedKey: "business-market-entry-strategy",
      name: "Market Entry Strategy Case",
      discipline: "business",
      category: "strategy",
      difficultyLevel: "intermediate",
      estimatedDuration: "6 weeks",
      icon: "briefcase",
      color: "#c2410c",
    },
    {
      description:
        "Teams advise a real small company on entering a new market, from analysis to a board-style recommendation. They master market analysis frameworks first, then launch them on the client's question and defend their advice.",
      phases: [
        "Pivot: PESTLE, Porter's five forces and market sizing with short cases",
        "Client briefing and a scoped question",
        "Desk research and two expert interviews",
        "Market sizing and entry options",
        "Recommendation with risks and a first 90-day plan",
        "Board-style presentation to the client",
      ],
      deliverables: [
        "Scoped question",
        "Market analysis",
        "Entry options comparison",
        "Recommendation and 90-day plan",
        "Client presentation",
      ],
      tools: ["Statista or library market databases", "Excel for market sizing", "Canva or PowerPoint"],
      outcomes: [
        "Apply market analysis frameworks to a real company",
        "Size a market with stated assumptions",
        "Recommend and defend a strategy to a client",
      ],
      tips: [
        "Agree the question with the client in writing",
        "Limit frameworks to two to avoid framework soup",
        "Rehearse with a faculty member playing a sceptical board",
      ],
    },
  ),
  seed(
    {
      seedKey: "business-social-venture-launch",
      name: "Social Venture Launch",
      discipline: "business",
      category: "innovation",
      difficultyLevel: "beginner",
      estimatedDuration: "8 weeks",
      icon: "rocket",
      color: "#ea580c",
    },
    {
      description:
        "Students design and test a small social venture that addresses a campus or local need, with real customers. They master customer discovery and the lean canvas first, then launch a minimum viable product and measure its impact.",
      phases: [
        "Pivot: customer discovery, the lean canvas and impact measurement basics",
        "Problem interviews with ten potential users",
        "Lean canvas and a minimum viable product",
        "Two-week test with real users",
        "Impact and viability review",
        "Demo day with local entrepreneurs",
      ],
      deliverables: [
        "Interview notes",
        "Lean canvas",
        "Minimum viable product",
        "Test results and impact measures",
        "Demo day pitch",
      ],
      tools: ["Lean canvas template", "Google Forms", "Canva", "Local incubator mentors"],
      outcomes: [
        "Validate a problem through customer interviews",
        "Design and test a minimum viable product",
        "Measure social impact with simple indicators",
      ],
      tips: [
        "Require ten interviews before any building",
        "Keep the product small enough to test in two weeks",
        "Invite local entrepreneurs as mentors, not only judges",
      ],
    },
  ),
  seed(
    {
      seedKey: "business-sustainability-reporting",
      name: "Sustainability Reporting Consultancy",
      discipline: "business",
      category: "research",
      difficultyLevel: "advanced",
      estimatedDuration: "10 weeks",
      icon: "recycle",
      color: "#9a3412",
    },
    {
      description:
        "Teams act as consultants preparing a first sustainability report for a small organisation. They master reporting standards and materiality assessment first, then launch a report draft with measured indicators.",
      phases: [
        "Pivot: reporting standards (GRI) and materiality assessment",
        "Stakeholder survey and materiality matrix",
        "Data collection on energy, waste and people indicators",
        "Analysis and target setting",
        "Draft report reviewed by the client",
        "Final report and a lessons-learned memo",
      ],
      deliverables: [
        "Materiality matrix",
        "Indicator dataset",
        "Draft and final sustainability report",
        "Lessons-learned memo",
      ],
      tools: ["GRI Standards", "Excel", "Client utility bills and records", "Survey tool"],
      outcomes: [
        "Conduct a materiality assessment",
        "Collect and verify sustainability indicators",
        "Write a report aligned with a recognised standard",
      ],
      tips: [
        "Pick organisations with accessible utility data",
        "Limit indicators to eight material ones",
        "Schedule the client review early enough to act on it",
      ],
    },
  ),
];
